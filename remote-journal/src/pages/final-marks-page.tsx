import { Alert, Badge, Button, Group, Loader, NativeSelect, Paper, Select, Table, Text } from '@mantine/core';
import { fullName, getErrorMessage, notify, PageTitle } from '@parta/shared';
import type { FinalGrid } from '@parta/shared/domain/contracts/journal';
import {
  FINAL_MARK_LEGEND,
  finalMarkCategory,
  finalMarkState,
  finalMarksFor,
  finalMarkText,
  finalMarkTitle,
} from '@parta/shared/domain/marks';
import { useState } from 'react';
import { useFinalMarks } from '../features/final-marks/api/get-final-marks';
import { useSaveFinalMarks } from '../features/final-marks/api/save-final-marks';
import { useJournalIndex } from '../features/journal/api/get-journal-index';
import { ClassPicker, classesOf } from '../features/journal/ui/class-picker';
import stickyClasses from '../features/reports/ui/report-table.module.css';

const CATEGORY_COLORS = {
  excellent: 'green',
  good: 'blue',
  satisfactory: 'yellow',
  failing: 'red',
  exempt: 'gray',
} as const;

/** Итоговые (journal.final): a class's students × subjects for one period or the year; proposals confirmed one by one or by column. */
export function FinalMarksPage() {
  const index = useJournalIndex();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const loads = index.data?.loads ?? [];
  const group = groupId ?? classesOf(loads.filter((load) => load.own).concat(loads))[0]?.id ?? null;
  const final = useFinalMarks(group);
  const periods = final.data?.periods ?? [];
  // The open term first: that is where marks are still being confirmed.
  const period =
    periods.find((item) => item.id === periodId) ??
    periods.find((item) => !item.closed && item.kind !== 'year') ??
    periods[0];
  return (
    <>
      <PageTitle description="Предложенные по средним баллам оценки подтверждаются учителем; подтверждённая оценка не меняется сама">
        Итоговые оценки
      </PageTitle>
      {index.error || final.error ? (
        <Alert color="red">
          {getErrorMessage(index.error ?? final.error, 'Не удалось загрузить итоговые оценки')}
        </Alert>
      ) : !index.data ? (
        <Loader />
      ) : (
        <Paper withBorder p="md" radius="md">
          <Group mb="md">
            <ClassPicker loads={loads} value={group} onChange={setGroupId} />
            {final.data ? (
              <Select
                label="Период"
                w={220}
                data={final.data.periods.map((item) => ({
                  value: String(item.id),
                  label: item.closed ? `${item.name} (закрыт)` : item.name,
                }))}
                value={period ? String(period.id) : null}
                onChange={(value) => value && setPeriodId(Number(value))}
              />
            ) : null}
          </Group>
          {!final.data || !period ? (
            <Loader />
          ) : (
            <FinalTable grid={final.data} periodId={period.id} closed={period.closed} />
          )}
        </Paper>
      )}
    </>
  );
}

function FinalTable({ grid, periodId, closed }: { grid: FinalGrid; periodId: number; closed: boolean }) {
  const save = useSaveFinalMarks();
  const confirmed = new Map(
    grid.marks
      .filter((mark) => mark.period_id === periodId)
      .map((mark) => [`${mark.student_id}|${mark.subject_id}`, mark.value]),
  );
  const proposed = new Map(
    grid.proposals
      .filter((mark) => mark.period_id === periodId)
      .map((mark) => [`${mark.student_id}|${mark.subject_id}`, mark.value]),
  );
  // The subjects the caller confirms first (in alphabetical order), then the others to read.
  const subjects = grid.subjects.toSorted((a, b) => Number(b.editable) - Number(a.editable));
  const run = async (marks: { student_id: number; subject_id: number; value: string | null }[]) => {
    if (marks.length === 0) return;
    try {
      await save.mutateAsync({
        marks: marks.map((mark) => ({ ...mark, period_id: periodId, value: mark.value as never })),
      });
      notify.success(marks.length === 1 ? 'Оценка сохранена' : `Подтверждено оценок: ${marks.length}`);
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось сохранить'));
    }
  };
  return (
    <>
      {closed ? (
        <Alert color="gray" mb="sm">
          Период закрыт: итоговые оценки только для чтения
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={400}>
        <Table withTableBorder withColumnBorders fz="sm" data-testid="final-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={stickyClasses.sticky}>Ученик</Table.Th>
              {subjects.map((subject) => {
                const pending = grid.students
                  .filter(
                    (student) =>
                      !confirmed.has(`${student.id}|${subject.id}`) &&
                      proposed.has(`${student.id}|${subject.id}`),
                  )
                  .map((student) => ({
                    student_id: student.id,
                    subject_id: subject.id,
                    value: proposed.get(`${student.id}|${subject.id}`)!,
                  }));
                return (
                  <Table.Th key={subject.id} miw={90}>
                    <Text size="xs" fw={600}>
                      {subject.name}
                    </Text>
                    {subject.without_marks ? (
                      <Badge size="xs" variant="light" color="gray" mt={2}>
                        без отметок
                      </Badge>
                    ) : null}
                    {subject.editable && !closed && pending.length > 0 ? (
                      <Button size="compact-xs" variant="light" mt={4} onClick={() => run(pending)}>
                        Подтвердить все ({pending.length})
                      </Button>
                    ) : null}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.students.map((student, row) => (
              <Table.Tr key={student.id}>
                <Table.Td className={stickyClasses.sticky}>
                  {row + 1}. {fullName(student)}
                </Table.Td>
                {subjects.map((subject) => {
                  const key = `${student.id}|${subject.id}`;
                  const value = confirmed.get(key);
                  const proposal = proposed.get(key);
                  const category = value ? finalMarkCategory(value) : null;
                  // The same reading as the journal's «Итог» and the diary: «4», «4?» proposed, «—».
                  const state = finalMarkState(value, proposal, closed);
                  if (!subject.editable || closed) {
                    return (
                      <Table.Td
                        key={subject.id}
                        ta="center"
                        c={category ? CATEGORY_COLORS[category] : 'dimmed'}
                        fw={value ? 600 : 400}
                        title={finalMarkTitle(state)}
                        data-testid={`final-${student.id}-${subject.id}`}
                        data-state={state.kind}
                      >
                        {finalMarkText(state)}
                      </Table.Td>
                    );
                  }
                  return (
                    <Table.Td key={subject.id} p={2}>
                      <NativeSelect
                        size="xs"
                        aria-label={`${fullName(student)}, ${subject.name}`}
                        data-testid={`final-${student.id}-${subject.id}`}
                        data-confirmed={value ? 'true' : 'false'}
                        c={category ? CATEGORY_COLORS[category] : undefined}
                        data={[
                          { value: '', label: finalMarkText(finalMarkState(null, proposal)) },
                          // A mark saved before the subject went «без отметок» stays visible until changed.
                          ...Array.from(
                            new Set<string>([
                              ...finalMarksFor(subject.without_marks),
                              ...(value ? [value] : []),
                            ]),
                            (mark) => ({ value: mark, label: mark }),
                          ),
                        ]}
                        value={value ?? ''}
                        onChange={(event) =>
                          run([
                            {
                              student_id: student.id,
                              subject_id: subject.id,
                              value: event.currentTarget.value || null,
                            },
                          ])
                        }
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        {FINAL_MARK_LEGEND} ЗЧ считается как 5, НЗ как 1; осв не входит в расчёты. Предмет «без отметок»
        получает только ЗЧ, НЗ или осв и в отчётах не считается.
      </Text>
    </>
  );
}
