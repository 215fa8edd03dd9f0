import { Button, Group, Paper, Select, Table, Text } from '@mantine/core';
import {
  currentTerm,
  fullName,
  PageTitle,
  periodOptions,
  periodsOfClass,
  QueryView,
  schoolToday,
} from '@parta/shared';
import { useState } from 'react';
import { useAttendance } from '../features/attendance/api/get-attendance';
import { useJournalIndex } from '../features/journal/api/get-journal-index';
import { ClassPicker, classesOf } from '../features/journal/ui/class-picker';

/** Посещаемость (journal.attendance): н/б of a class per day, totals per student; printable. */
export function AttendancePage() {
  const index = useJournalIndex();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const loads = index.data?.loads ?? [];
  const classes = classesOf(loads);
  const group = groupId ?? classes[0]?.id ?? null;
  // The class's own organization's terms for its grade (a branch has its own «I четверть»),
  // opened on the current one, not on the first (closed) term.
  const periods = periodsOfClass(
    index.data?.periods ?? [],
    classes.find((item) => item.id === group),
  );
  const period = periods.find((item) => item.id === periodId) ?? currentTerm(periods, schoolToday());
  const report = useAttendance(
    group !== null && period ? { groupId: group, from: period.start_date, to: period.end_date } : null,
  );

  return (
    <>
      <PageTitle
        description="Пропуски уроков и дней; «б» — по болезни"
        actions={
          <Button variant="light" onClick={() => window.print()}>
            Печать
          </Button>
        }
      >
        Посещаемость
      </PageTitle>
      <QueryView query={index} errorText="Не удалось загрузить классы">
        {() => (
          <Paper withBorder p="md" radius="md">
            <Group mb="md">
              <ClassPicker loads={loads} value={group} onChange={setGroupId} />
              <Select
                label="Период"
                w={220}
                data={periodOptions(periods)}
                data-testid="attendance-period"
                value={period ? String(period.id) : null}
                onChange={(value) => value && setPeriodId(Number(value))}
              />
            </Group>
            <QueryView query={report} errorText="Не удалось загрузить посещаемость">
              {(attendance) => (
                <Table.ScrollContainer minWidth={600}>
                  <Table striped withTableBorder fz="sm" data-testid="attendance-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Ученик</Table.Th>
                        <Table.Th ta="center">Уроков пропущено</Table.Th>
                        <Table.Th ta="center">из них по болезни</Table.Th>
                        <Table.Th ta="center">Дней пропущено</Table.Th>
                        <Table.Th ta="center">из них по болезни</Table.Th>
                        <Table.Th>Пропуски</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {attendance.students.map((student, row) => {
                        const total = attendance.totals.find((item) => item.student_id === student.id);
                        const marks = attendance.marks.filter((mark) => mark.student_id === student.id);
                        return (
                          <Table.Tr key={student.id}>
                            <Table.Td>
                              {row + 1}. {fullName(student)}
                            </Table.Td>
                            <Table.Td ta="center">{total?.lessons ?? 0}</Table.Td>
                            <Table.Td ta="center">{total?.lessons_ill ?? 0}</Table.Td>
                            <Table.Td ta="center">{total?.days ?? 0}</Table.Td>
                            <Table.Td ta="center">{total?.days_ill ?? 0}</Table.Td>
                            <Table.Td>
                              <Text size="xs" c="dimmed">
                                {marks
                                  .map(
                                    (mark) =>
                                      `${mark.date.slice(8, 10)}.${mark.date.slice(5, 7)} ${mark.lesson_number} ур. ${mark.value}`,
                                  )
                                  .join('; ')}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </QueryView>
          </Paper>
        )}
      </QueryView>
    </>
  );
}
