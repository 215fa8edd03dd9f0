import { Alert, Badge, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatDate, getErrorMessage, PageTitle, useGroups } from '@parta/shared';
import { addDays } from '@parta/shared/domain/timetable';
import { useSearchParams } from 'react-router-dom';
import {
  downloadJournalCompletion,
  useJournalCompletion,
} from '../features/reports/api/get-journal-completion';
import { ReportToolbar } from '../features/reports/ui/report-toolbar';

const todayIso = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });
const MISSING = { topic: 'нет темы', homework: 'нет д/з', marks: 'нет оценок' } as const;
const share = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part * 100) / whole)}%`);

/** Заполняемость журнала (reports.journal-completion): per teacher × class × subject, and the gaps to act on. */
export function JournalCompletionPage() {
  const [params, setParams] = useSearchParams();
  const groups = useGroups();
  const today = todayIso();
  const from = params.get('from') ?? addDays(today, -30);
  const to = params.get('to') ?? today;
  const groupId = Number(params.get('group')) || undefined;
  const teacherId = Number(params.get('teacher')) || undefined;
  const query = { from, to, group_id: groupId, teacher_id: teacherId };
  const report = useJournalCompletion(query);
  const set = (key: string, value: string | null) => {
    const merged = new URLSearchParams(params);
    if (value) merged.set(key, value);
    else merged.delete(key);
    setParams(merged, { replace: true });
  };

  return (
    <>
      <PageTitle description="Проведённые уроки за даты: темы, домашние задания, оценки, часы КТП">
        Заполняемость журнала
      </PageTitle>
      <ReportToolbar onDownload={() => downloadJournalCompletion(query)}>
        <DatePickerInput
          type="range"
          label="Даты"
          valueFormat="DD.MM.YY"
          value={[from, to]}
          onChange={([start, end]) => {
            if (!start || !end) return;
            const merged = new URLSearchParams(params);
            merged.set('from', start);
            merged.set('to', end);
            setParams(merged, { replace: true });
          }}
          w={200}
          data-testid="completion-dates"
        />
        <Select
          label="Класс"
          placeholder="Все классы"
          clearable
          data={(groups.data?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
          value={groupId ? String(groupId) : null}
          onChange={(value) => set('group', value)}
          w={140}
          data-testid="report-class"
        />
        <Select
          label="Учитель"
          placeholder="Все учителя"
          clearable
          searchable
          data={(groups.data?.teachers ?? []).map((teacher) => ({
            value: String(teacher.id),
            label: [teacher.surname, teacher.name, teacher.patronymic].filter(Boolean).join(' '),
          }))}
          value={teacherId ? String(teacherId) : null}
          onChange={(value) => set('teacher', value)}
          w={240}
        />
      </ReportToolbar>
      {report.error ? (
        <Alert color="red">{getErrorMessage(report.error, 'Не удалось построить отчёт')}</Alert>
      ) : !report.data ? (
        <Loader />
      ) : (
        <Stack gap="md" className="report-table">
          <Paper withBorder radius="md" p="xs">
            <Table.ScrollContainer minWidth={1080}>
              <Table striped fz="sm" verticalSpacing={4} data-testid="completion-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Учитель</Table.Th>
                    <Table.Th>Класс</Table.Th>
                    <Table.Th>Предмет</Table.Th>
                    <Table.Th ta="right">Уроков</Table.Th>
                    <Table.Th ta="right">С темой</Table.Th>
                    <Table.Th ta="right">С д/з</Table.Th>
                    <Table.Th ta="right">С оценками</Table.Th>
                    <Table.Th ta="right">КТП: план / дано, ч</Table.Th>
                    <Table.Th ta="right">Оценок на ученика</Table.Th>
                    <Table.Th ta="right">Ниже минимума</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.rows.map((row) => (
                    <Table.Tr key={`${row.teacher_id}-${row.group_id}-${row.subject_id}`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.teacher_name ?? '—'}</Table.Td>
                      <Table.Td>{row.group_name}</Table.Td>
                      <Table.Td>{row.subject_name}</Table.Td>
                      <Table.Td ta="right">{row.held}</Table.Td>
                      <Table.Td ta="right">{share(row.with_topic, row.held)}</Table.Td>
                      <Table.Td ta="right">{share(row.with_homework, row.held)}</Table.Td>
                      <Table.Td ta="right">{share(row.with_marks, row.held)}</Table.Td>
                      <Table.Td ta="right">
                        {row.ktp_planned_hours === null
                          ? 'нет КТП'
                          : `${row.ktp_planned_hours} / ${row.ktp_given_hours}`}
                      </Table.Td>
                      <Table.Td ta="right">
                        {row.students === 0 ? '—' : (row.marks / row.students).toFixed(1).replace('.', ',')}{' '}
                        (мин. {row.minimum_marks})
                      </Table.Td>
                      <Table.Td ta="right">
                        {row.students_below_minimum > 0 ? (
                          <Badge color="red" variant="light">
                            {row.students_below_minimum} из {row.students}
                          </Badge>
                        ) : (
                          0
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="xs">
              Пропуски: {report.data.gaps_total}
            </Title>
            {report.data.gaps.length === 0 ? (
              <Text c="dimmed">Все проведённые уроки заполнены</Text>
            ) : (
              <Stack gap={4} data-testid="completion-gaps">
                {report.data.gaps.map((gap) => (
                  <Group key={gap.lesson_id} gap="sm" wrap="nowrap">
                    <Text size="sm" w={140} style={{ flexShrink: 0 }}>
                      {formatDate(gap.date)}, {gap.lesson_number} урок
                    </Text>
                    <Text size="sm" style={{ flex: 1 }}>
                      {gap.group_name} · {gap.subject_name} · {gap.teacher_name ?? '—'}
                    </Text>
                    <Group gap={4}>
                      {gap.missing.map((item) => (
                        <Badge
                          key={item}
                          size="sm"
                          variant="light"
                          color={item === 'marks' ? 'gray' : 'orange'}
                        >
                          {MISSING[item]}
                        </Badge>
                      ))}
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
        </Stack>
      )}
    </>
  );
}
