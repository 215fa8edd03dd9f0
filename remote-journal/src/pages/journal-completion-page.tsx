import { Badge, Group, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  classOptions,
  currentTerm,
  formatDate,
  PageTitle,
  paginationControlProps,
  QueryView,
  schoolToday,
  useGroups,
  usePeriods,
} from '@parta/shared';
import { addDays } from '@parta/shared/domain/timetable';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  downloadJournalCompletion,
  useJournalCompletion,
} from '../features/reports/api/get-journal-completion';
import classes from '../features/reports/ui/report-table.module.css';
import { ReportToolbar } from '../features/reports/ui/report-toolbar';

type Range = [string | null, string | null];

const MISSING = { topic: 'нет темы', homework: 'нет д/з', marks: 'нет оценок' } as const;
const share = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part * 100) / whole)}%`);

/** Заполняемость журнала (reports.journal-completion): per teacher × class × subject, and the gaps to act on. */
export function JournalCompletionPage() {
  const [params, setParams] = useSearchParams();
  const groups = useGroups();
  const periods = usePeriods();
  const today = schoolToday();
  // Without dates in the address: the current term (from its first day to today), not a 30-day
  // window across the term boundary; the last 30 days only for a school without periods.
  const term = periods.data ? currentTerm(periods.data, today) : undefined;
  const from = params.get('from') ?? term?.start_date ?? addDays(today, -30);
  const to = params.get('to') ?? (term ? [term.end_date, today].sort()[0] : today);
  const groupId = Number(params.get('group')) || undefined;
  const teacherId = Number(params.get('teacher')) || undefined;
  const page = Number(params.get('gaps')) || 1;
  const query = { from, to, group_id: groupId, teacher_id: teacherId, gaps_page: page };
  const report = useJournalCompletion(query, Boolean(params.get('from')) || !periods.isPending);
  const set = (key: string, value: string | null) => {
    const merged = new URLSearchParams(params);
    if (value) merged.set(key, value);
    else merged.delete(key);
    if (key !== 'gaps') merged.delete('gaps');
    setParams(merged, { replace: true });
  };
  // The picker's own value while a range is being chosen: the first click is the start only, and a
  // controlled value of the old range would throw it away (every click looked ignored).
  const [range, setRange] = useState<Range>([from, to]);
  useEffect(() => setRange([from, to]), [from, to]);

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
          value={range}
          onChange={(next) => {
            const [start, end] = next as Range;
            setRange([start, end]);
            if (!start || !end) return;
            const merged = new URLSearchParams(params);
            merged.set('from', start);
            merged.set('to', end);
            merged.delete('gaps');
            setParams(merged, { replace: true });
          }}
          w={{ base: '100%', xs: 220 }}
          data-testid="completion-dates"
        />
        <Select
          label="Класс"
          placeholder="Все классы"
          clearable
          searchable
          data={classOptions(groups.data?.groups ?? [])}
          value={groupId ? String(groupId) : null}
          onChange={(value) => set('group', value)}
          w={{ base: '100%', xs: 240 }}
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
      <QueryView query={report} errorText="Не удалось построить отчёт">
        {(completion) => (
          <Stack gap="md" className="report-table">
            <Paper withBorder radius="md" p="xs">
              <Table.ScrollContainer minWidth={760}>
                <Table
                  striped
                  fz="sm"
                  verticalSpacing={4}
                  horizontalSpacing={8}
                  data-testid="completion-table"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th className={classes.sticky}>Учитель</Table.Th>
                      <Table.Th>Класс</Table.Th>
                      <Table.Th>Предмет</Table.Th>
                      <Table.Th ta="right" className={classes.wrapHeader}>
                        Ниже минимума
                      </Table.Th>
                      <Table.Th ta="right" className={classes.wrapHeader}>
                        Уроков
                      </Table.Th>
                      <Table.Th ta="right" className={classes.wrapHeader}>
                        С темой
                      </Table.Th>
                      <Table.Th ta="right" className={classes.wrapHeader}>
                        С д/з
                      </Table.Th>
                      <Table.Th ta="right" className={classes.wrapHeader}>
                        С оценками
                      </Table.Th>
                      <Table.Th ta="right" className={classes.wrapHeader}>
                        КТП: план / дано, ч
                      </Table.Th>
                      <Table.Th ta="right" className={classes.wrapHeader}>
                        Оценок на ученика
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {completion.rows.map((row) => (
                      <Table.Tr key={`${row.teacher_id}-${row.group_id}-${row.subject_id}`}>
                        <Table.Td className={classes.sticky}>{row.teacher_name ?? '—'}</Table.Td>
                        <Table.Td>{row.group_name}</Table.Td>
                        <Table.Td>{row.subject_name}</Table.Td>
                        <Table.Td ta="right">
                          {row.students_below_minimum > 0 ? (
                            <Badge color="red" variant="light">
                              {row.students_below_minimum} из {row.students}
                            </Badge>
                          ) : (
                            0
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{row.held}</Table.Td>
                        <Table.Td ta="right">{share(row.with_topic, row.held)}</Table.Td>
                        <Table.Td ta="right">{share(row.with_homework, row.held)}</Table.Td>
                        <Table.Td ta="right">
                          {row.without_marks ? '—' : share(row.with_marks, row.held)}
                        </Table.Td>
                        <Table.Td ta="right">
                          {row.ktp_planned_hours === null
                            ? 'нет КТП'
                            : `${row.ktp_planned_hours} / ${row.ktp_given_hours}`}
                        </Table.Td>
                        <Table.Td ta="right">
                          {row.without_marks ? (
                            'без отметок'
                          ) : (
                            <>
                              {row.students === 0
                                ? '—'
                                : (row.marks / row.students).toFixed(1).replace('.', ',')}{' '}
                              (мин. {row.minimum_marks})
                            </>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="xs">
                <Title order={4} data-testid="completion-gaps-total">
                  Пропуски: {completion.gaps_total}
                </Title>
                {completion.gaps_total > completion.gaps_per_page ? (
                  <Text size="sm" c="dimmed">
                    {(completion.gaps_page - 1) * completion.gaps_per_page + 1}–
                    {(completion.gaps_page - 1) * completion.gaps_per_page + completion.gaps.length} из{' '}
                    {completion.gaps_total}; в .xlsx — все
                  </Text>
                ) : null}
              </Group>
              {completion.gaps.length === 0 ? (
                <Text c="dimmed">Все проведённые уроки заполнены</Text>
              ) : (
                <Stack gap={4} data-testid="completion-gaps">
                  {completion.gaps.map((gap) => (
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
              {completion.gaps_total > completion.gaps_per_page ? (
                <Pagination
                  mt="md"
                  size="sm"
                  total={Math.ceil(completion.gaps_total / completion.gaps_per_page)}
                  value={page}
                  onChange={(next) => set('gaps', next === 1 ? null : String(next))}
                  getControlProps={paginationControlProps}
                  data-testid="completion-gaps-pages"
                />
              ) : null}
            </Paper>
          </Stack>
        )}
      </QueryView>
    </>
  );
}
