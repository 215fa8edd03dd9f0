import { Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, getErrorMessage, LazyDateInput, notify, QueryView, schoolToday } from '@parta/shared';
import { monthRange } from '@parta/shared/domain/timetable';
import { useState } from 'react';
import { downloadSubstitutionReport, useSubstitutionReport } from '../api/substitutions';

const thisMonth = () => monthRange(schoolToday());

/** «Замещения за месяц»: per substitute and per absent teacher, with the totals the бухгалтерия takes. */
export function SubstitutionReportView() {
  const [range, setRange] = useState(thisMonth);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const report = useSubstitutionReport(range, valid);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadSubstitutionReport(range);
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось скачать отчёт'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <LazyDateInput
          label="С"
          valueFormat="DD.MM.YY"
          w={120}
          value={range.from}
          onChange={(value) => setRange({ ...range, from: value ?? '' })}
        />
        <LazyDateInput
          label="По"
          valueFormat="DD.MM.YY"
          w={120}
          value={range.to}
          onChange={(value) => setRange({ ...range, to: value ?? '' })}
        />
        <Button variant="light" onClick={download} loading={downloading} disabled={!valid}>
          Скачать .xlsx
        </Button>
        <Button variant="subtle" onClick={() => window.print()} className="no-print">
          Печать
        </Button>
      </Group>
      <QueryView query={report} errorText="Не удалось загрузить отчёт">
        {(data) => (
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Group gap="xl" data-testid="report-totals">
                <Text>
                  Замещено часов: <b>{data.totals.substituted_hours}</b>
                </Text>
                <Text>
                  по специальности: <b>{data.totals.specialty_hours}</b>
                </Text>
                <Text>
                  Пропущено часов: <b>{data.totals.missed_hours}</b>
                </Text>
                <Text>
                  отменено: <b>{data.totals.cancelled_hours}</b>
                </Text>
              </Group>
              {/* Paid once given: a substitution still to come is listed apart, not in the hours above. */}
              <Text size="sm" c="dimmed" mt="xs" data-testid="report-planned">
                Запланировано, ещё не проведено: замен <b>{data.totals.planned_substituted_hours}</b>,
                пропусков <b>{data.totals.planned_missed_hours}</b>
              </Text>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} fz="md" mb="sm">
                Заменяющие учителя
              </Title>
              {data.substitutes.length === 0 ? (
                <Text c="dimmed">Замен за эти даты не было</Text>
              ) : (
                <ScrollArea>
                  <Table striped miw={520}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Учитель</Table.Th>
                        <Table.Th ta="right">Часов</Table.Th>
                        <Table.Th ta="right">По спец.</Table.Th>
                        <Table.Th ta="right">План</Table.Th>
                        <Table.Th>Уроки</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.substitutes.map((entry) => (
                        <Table.Tr key={entry.teacher_id}>
                          <Table.Td fw={500}>{entry.teacher_name}</Table.Td>
                          <Table.Td ta="right">{entry.hours}</Table.Td>
                          <Table.Td ta="right">{entry.specialty_hours}</Table.Td>
                          <Table.Td ta="right">{entry.planned_hours}</Table.Td>
                          <Table.Td>
                            <Text size="xs">
                              {entry.lessons
                                .map(
                                  (lesson) =>
                                    `${formatDate(lesson.date)} ${lesson.lesson_number} ур. ${lesson.group_name} ${lesson.subject_name} за ${lesson.other_teacher_name ?? '—'}${lesson.held ? '' : ' (запланирован)'}`,
                                )
                                .join('; ')}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              )}
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} fz="md" mb="sm">
                Отсутствовавшие учителя
              </Title>
              {data.absent.length === 0 ? (
                <Text c="dimmed">Пропущенных уроков нет</Text>
              ) : (
                <ScrollArea>
                  <Table striped miw={480}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Учитель</Table.Th>
                        <Table.Th ta="right">Пропущено</Table.Th>
                        <Table.Th ta="right">Отменено</Table.Th>
                        <Table.Th ta="right">План</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.absent.map((entry) => (
                        <Table.Tr key={entry.teacher_id}>
                          <Table.Td fw={500}>{entry.teacher_name}</Table.Td>
                          <Table.Td ta="right">{entry.hours}</Table.Td>
                          <Table.Td ta="right">{entry.cancelled_hours}</Table.Td>
                          <Table.Td ta="right">{entry.planned_hours}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              )}
            </Paper>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
