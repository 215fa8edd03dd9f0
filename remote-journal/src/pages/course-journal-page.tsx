import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { PageTitle, QueryView, schoolToday, useIdParam } from '@parta/shared';
import { courseTeachersText } from '@parta/shared/domain/extracurricular';
import { monthName, monthRange } from '@parta/shared/domain/timetable';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AttendanceGrid, useCourseJournal } from '../features/extracurricular';

function shiftMonth(iso: string, months: number): string {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7)) - 1 + months;
  const date = new Date(Date.UTC(year, month, 1));
  return date.toISOString().slice(0, 10);
}

/** Журнал курса: its sessions of a month × its pupils, marked by the course's teacher. */
export function CourseJournalPage() {
  const id = useIdParam();
  const journal = useCourseJournal(id);
  const [today] = useState(schoolToday);
  const [month, setMonth] = useState(() => monthRange(today).from);
  const range = monthRange(month);

  return (
    <>
      <PageTitle
        description={
          journal.data
            ? `${journal.data.course.direction} · ${courseTeachersText(journal.data.course) ?? ''}`
            : undefined
        }
      >
        {journal.data ? journal.data.course.name : 'Журнал курса'}
      </PageTitle>
      <Text size="sm" mb="sm">
        <Link to="/journal/extracurricular">← Все курсы</Link>
      </Text>
      <QueryView query={journal} errorText="Не удалось загрузить журнал курса">
        {(data) => {
          const sessions = data.sessions.filter(
            (session) => session.date >= range.from && session.date <= range.to,
          );
          return (
            <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
              <Group gap={4} mb="sm" wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Предыдущий месяц"
                  onClick={() => setMonth(shiftMonth(month, -1))}
                >
                  ‹
                </ActionIcon>
                <Text fw={600} w={140} ta="center" data-testid="journal-month">
                  {monthName(month)}
                </Text>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Следующий месяц"
                  onClick={() => setMonth(shiftMonth(month, 1))}
                >
                  ›
                </ActionIcon>
              </Group>
              {sessions.length === 0 ? (
                <Text c="dimmed" size="sm">
                  В этом месяце занятий нет
                </Text>
              ) : (
                <AttendanceGrid journal={data} sessions={sessions} today={today} />
              )}
            </Paper>
          );
        }}
      </QueryView>
    </>
  );
}
