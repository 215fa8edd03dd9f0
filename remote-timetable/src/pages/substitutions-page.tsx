import { Badge, Group, Paper, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { formatDate, PageTitle, QueryView, schoolToday, useGroups, usePermissions } from '@parta/shared';
import { ABSENCE_REASONS } from '@parta/shared/domain/contracts/substitutions';
import { addDays } from '@parta/shared/domain/timetable';
import { useEffect, useState } from 'react';
import { useAbsences } from '../features/substitutions/api/substitutions';
import { AbsenceDetail } from '../features/substitutions/ui/absence-detail';
import { AbsenceForm } from '../features/substitutions/ui/absence-form';
import { SubstitutionReportView } from '../features/substitutions/ui/substitution-report';

/** Absences listed: from a month back (recent history) to two months ahead (courses, trips). */
const RANGE = { from: addDays(schoolToday(), -31), to: addDays(schoolToday(), 62) };

/**
 * Замены: the завуч marks a teacher absent, covers each lesson (a substitute ranked with reasons, or a
 * cancellation), or «Распределить всё» at once; «Замещения за месяц» sums the hours for pay.
 */
export function SubstitutionsPage() {
  const { can } = usePermissions();
  const editable = can('timetables.edit');
  const staff = useGroups();
  const absences = useAbsences(RANGE);
  const [selected, setSelected] = useState<number | null>(null);
  // Opens on the first absence with lessons still open, then stays on it: once «Распределить всё»
  // has covered them it has none open, and the screen keeps it with who was assigned.
  const opening =
    absences.data?.find((absence) => absence.open_count > 0)?.id ?? absences.data?.[0]?.id ?? null;
  useEffect(() => {
    if (selected === null && opening !== null) setSelected(opening);
  }, [selected, opening]);
  const current = selected ?? opening;

  const absencesView = (
    <Stack gap="md">
      {editable ? <AbsenceForm teachers={staff.data?.teachers ?? []} onCreated={setSelected} /> : null}
      <QueryView query={absences} errorText="Не удалось загрузить отсутствия" empty="Отсутствий не отмечено">
        {(list) => (
          <Group gap="xs" data-testid="absence-list">
            {list.map((absence) => (
              <UnstyledButton key={absence.id} onClick={() => setSelected(absence.id)}>
                <Paper
                  withBorder
                  p="xs"
                  radius="md"
                  style={
                    absence.id === current
                      ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
                      : undefined
                  }
                >
                  <Text size="sm" fw={600}>
                    {absence.teacher_name}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {formatDate(absence.from)}
                      {absence.to !== absence.from ? `–${formatDate(absence.to)}` : ''}
                      {absence.reason ? ` · ${ABSENCE_REASONS[absence.reason]}` : ''}
                    </Text>
                    <Badge size="xs" variant="light" color={absence.open_count > 0 ? 'orange' : 'emerald'}>
                      {absence.open_count > 0 ? `открыто ${absence.open_count}` : 'всё решено'}
                    </Badge>
                  </Group>
                </Paper>
              </UnstyledButton>
            ))}
          </Group>
        )}
      </QueryView>
      {current !== null ? (
        <AbsenceDetail id={current} editable={editable} onRemoved={() => setSelected(null)} />
      ) : null}
    </Stack>
  );

  return (
    <>
      <PageTitle description="Отсутствие учителя, его уроки по дням и кто их заменит">Замены</PageTitle>
      {editable ? (
        <Tabs defaultValue="absences" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="absences">Отсутствия</Tabs.Tab>
            <Tabs.Tab value="report">Замещения за месяц</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="absences">{absencesView}</Tabs.Panel>
          <Tabs.Panel value="report">
            <SubstitutionReportView />
          </Tabs.Panel>
        </Tabs>
      ) : (
        absencesView
      )}
    </>
  );
}
