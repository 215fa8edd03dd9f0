import { Card, SimpleGrid, Text } from '@mantine/core';
import { PageTitle } from '@parta/shared';
import { Link } from 'react-router-dom';

const REPORTS = [
  {
    to: '/reports/classification',
    title: 'Классификация учащихся',
    text: 'Отличники, хорошисты, троечники, неуспевающие и не аттестованные по классам, параллелям и школе',
  },
  {
    to: '/reports/academic-performance',
    title: 'Академическая успеваемость',
    text: '«5»…«2», % успеваемости и качества, СОУ по классам, предметам и учителям',
  },
  {
    to: '/reports/journal-completion',
    title: 'Заполняемость журнала',
    text: 'Темы, домашние задания и оценки проведённых уроков, часы КТП, пропуски',
  },
];

/** Отчёты (reports.index): the three reports. */
export function ReportsPage() {
  return (
    <>
      <PageTitle description="Считаются по итоговым оценкам и журналу, выгружаются в Excel">Отчёты</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {REPORTS.map((report) => (
          <Card key={report.to} withBorder radius="md" padding="lg" component={Link} to={report.to}>
            <Text fw={700} mb={4}>
              {report.title}
            </Text>
            <Text size="sm" c="dimmed">
              {report.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
