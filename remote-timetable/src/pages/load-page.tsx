import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import {
  classOptions,
  EditorModal,
  getErrorMessage,
  notify,
  PageTitle,
  RowActions,
  schoolToday,
  useGroups,
  useItemEditor,
  useLoads,
  usePermissions,
  useSubgroups,
} from '@parta/shared';
import type { LoadItem } from '@parta/shared/domain/contracts/timetable';
import {
  addDays,
  classWeeklyHours,
  formatHours,
  monthName,
  monthRange,
  sanpinWeeklyMax,
  TEACHER_RATE_HOURS,
} from '@parta/shared/domain/timetable';
import { useMemo, useState } from 'react';
import { useCopyLoad } from '../features/load/api/copy-load';
import { useDeleteLoad } from '../features/load/api/delete-load';
import { useSaveLoad } from '../features/load/api/save-load';
import { LoadForm } from '../features/load/ui/load-form';
import { useRooms } from '../features/rooms';
import { useSettings } from '../features/settings/api/get-settings';
import { useSubjects } from '../features/subjects/api/get-subjects';
import { useMonthHours } from '../features/substitutions';

/**
 * The months the load screen counts замены for, newest first: the next one (absences are marked
 * ahead), this one and the ten before it.
 */
function recentMonths(): { value: string; label: string }[] {
  const result: { value: string; label: string }[] = [];
  let start = monthRange(addDays(monthRange(schoolToday()).to, 1)).from;
  for (let i = 0; i < 12; i++) {
    result.push({ value: start, label: monthName(start) });
    start = monthRange(addDays(start, -1)).from;
  }
  return result;
}

/** Нагрузка (load.index): a class's lines against СанПиН, and every teacher's hours against the ставка. */
export function LoadPage() {
  const { can } = usePermissions();
  const options = useGroups();
  const settings = useSettings();
  const [groupId, setGroupId] = useState<number | null>(null);
  const editor = useItemEditor<LoadItem>();
  const [warnings, setWarnings] = useState<string[]>([]);
  const [copyTarget, setCopyTarget] = useState<string | null>(null);
  const lines = useLoads({ group_id: groupId }, groupId !== null);
  const all = useLoads({});
  const splits = useSubgroups(groupId);
  const editable = can('loads.edit');
  const saveLoad = useSaveLoad();
  const deleteLoad = useDeleteLoad();
  const copyLoad = useCopyLoad();

  const group = options.data?.groups.find((item) => item.id === groupId);
  // A line names a subject and a teacher of the class's own organization (a branch has its own).
  const own = useGroups(group?.organization_id);
  const subjects = useSubjects(group?.organization_id);
  const rooms = useRooms(group?.organization_id);
  const total = lines.data ? classWeeklyHours(lines.data) : 0;
  const max = group ? sanpinWeeklyMax(group.number, settings.data?.working_days_per_week ?? 6) : 0;
  const months = useMemo(recentMonths, []);
  const [month, setMonth] = useState(() => monthRange(schoolToday()).from);
  // The month's замены are pay data (timetables.edit, as the report): shown to whoever may read them.
  const seesSubstitutions = can('timetables.edit');
  const monthHours = useMonthHours(monthRange(month), seesSubstitutions);
  const teachers = useMemo(() => {
    const byTeacher = new Map<string, { name: string; hours: number; teacherId: number | null }>();
    for (const line of all.data ?? []) {
      const key = String(line.teacher_id ?? 'none');
      const known = byTeacher.get(key) ?? {
        name: line.teacher_name ?? 'Без учителя',
        hours: 0,
        teacherId: line.teacher_id,
      };
      byTeacher.set(key, { ...known, hours: known.hours + line.hours_per_week });
    }
    // Someone who stood in or was away without a load line of their own still has the month's hours.
    for (const [teacherId, entry] of monthHours.hours)
      if (!byTeacher.has(String(teacherId)))
        byTeacher.set(String(teacherId), { name: entry.teacher_name, hours: 0, teacherId });
    return [...byTeacher.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name, 'ru'));
  }, [all.data, monthHours.hours]);

  const afterSave = async (result: { warnings: string[] }, message: string) => {
    setWarnings(result.warnings);
    notify.success(message);
  };

  return (
    <>
      <PageTitle description="Класс или подгруппа × предмет × учитель × часы в неделю">Нагрузка</PageTitle>
      <Tabs defaultValue="classes" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="classes">По классам</Tabs.Tab>
          <Tabs.Tab value="teachers">По учителям</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="classes">
          <Stack>
            <Group align="flex-end">
              <Select
                label="Класс"
                placeholder="Выберите класс"
                searchable
                w={200}
                data={classOptions(options.data?.groups ?? [])}
                value={groupId ? String(groupId) : null}
                onChange={(value) => {
                  setGroupId(value ? Number(value) : null);
                  setWarnings([]);
                }}
              />
              {group && editable ? <Button onClick={editor.openNew}>Добавить строку</Button> : null}
            </Group>
            {warnings.map((warning) => (
              <Alert key={warning} color="yellow" title="Предупреждение СанПиН" data-testid="load-warning">
                {warning}
              </Alert>
            ))}
            {group && lines.data ? (
              <Paper withBorder p="md" radius="md">
                <Group justify="space-between" mb="sm">
                  <Text fw={600}>Нагрузка {group.name}</Text>
                  <Badge
                    color={total > max ? 'red' : 'emerald'}
                    variant="light"
                    tt="none"
                    data-testid="load-total"
                  >
                    {formatHours(total)} из {max} ч в неделю (СанПиН)
                  </Badge>
                </Group>
                <Table.ScrollContainer minWidth={340}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Предмет</Table.Th>
                        <Table.Th>Учитель</Table.Th>
                        <Table.Th ta="right">Часов</Table.Th>
                        {editable ? <Table.Th /> : null}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {lines.data.map((line) => (
                        <Table.Tr key={line.id} data-testid="load-row">
                          <Table.Td>
                            {line.subject_name}
                            {line.subgroup_name ? (
                              <Text span c="dimmed" size="sm">
                                {' '}
                                · {line.subgroup_name}
                              </Text>
                            ) : null}
                            {line.graded ? null : (
                              <Badge ml="xs" size="sm" color="grape" variant="light" tt="none">
                                без отметок
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td>{line.teacher_name ?? '—'}</Table.Td>
                          <Table.Td ta="right">{formatHours(line.hours_per_week)}</Table.Td>
                          {editable ? (
                            <RowActions
                              onEdit={() => editor.open(line)}
                              onDelete={async () => {
                                await deleteLoad.mutateAsync(line.id);
                                await afterSave({ warnings: [] }, 'Строка удалена');
                                return undefined;
                              }}
                            />
                          ) : null}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {editable && lines.data.length > 0 ? (
                  <Group mt="md" align="flex-end">
                    <Select
                      label="Скопировать в класс той же параллели"
                      placeholder="Класс"
                      w={260}
                      data={(options.data?.groups ?? [])
                        .filter((item) => item.number === group.number && item.id !== group.id)
                        .map((item) => ({ value: String(item.id), label: item.name }))}
                      value={copyTarget}
                      onChange={setCopyTarget}
                    />
                    <Button
                      variant="light"
                      disabled={!copyTarget}
                      onClick={async () => {
                        try {
                          const result = await copyLoad.mutateAsync({
                            from: group.id,
                            to: Number(copyTarget),
                          });
                          await afterSave(result, result.message);
                        } catch (error) {
                          notify.error(getErrorMessage(error));
                        }
                      }}
                    >
                      Скопировать
                    </Button>
                  </Group>
                ) : null}
              </Paper>
            ) : groupId !== null ? (
              <Loader />
            ) : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="teachers">
          <Paper withBorder p="md" radius="md">
            {seesSubstitutions ? (
              <Group mb="sm" align="flex-end" gap="sm">
                <Select
                  label="Замены за месяц"
                  w={200}
                  data={months}
                  value={month}
                  allowDeselect={false}
                  onChange={(value) => value && setMonth(value)}
                  data-testid="load-month"
                />
                {monthHours.report.data ? (
                  <Text size="sm" c="dimmed" data-testid="load-month-totals">
                    Замещено {monthHours.report.data.totals.substituted_hours} ч, пропущено{' '}
                    {monthHours.report.data.totals.missed_hours} ч
                  </Text>
                ) : null}
              </Group>
            ) : null}
            {!all.data ? (
              <Loader />
            ) : (
              <Table.ScrollContainer minWidth={seesSubstitutions ? 520 : 300}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Учитель</Table.Th>
                      <Table.Th ta="right">Часов</Table.Th>
                      <Table.Th ta="right">Ставок ({TEACHER_RATE_HOURS} ч)</Table.Th>
                      {seesSubstitutions ? (
                        <>
                          <Table.Th ta="right">Замещение, ч</Table.Th>
                          <Table.Th ta="right">Пропущено, ч</Table.Th>
                        </>
                      ) : null}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {teachers.map(([key, { name, hours, teacherId }]) => {
                      const month = teacherId === null ? undefined : monthHours.hours.get(teacherId);
                      return (
                        <Table.Tr key={key} data-testid="load-teacher">
                          <Table.Td>{name}</Table.Td>
                          <Table.Td ta="right">{formatHours(hours)}</Table.Td>
                          <Table.Td ta="right">
                            {formatHours(Math.round((hours / TEACHER_RATE_HOURS) * 100) / 100)}
                          </Table.Td>
                          {seesSubstitutions ? (
                            <>
                              <Table.Td ta="right" data-testid="load-substituted">
                                {month?.substituted ? `+${month.substituted}` : '—'}
                              </Table.Td>
                              <Table.Td ta="right" data-testid="load-missed">
                                {month?.missed ? month.missed : '—'}
                              </Table.Td>
                            </>
                          ) : null}
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <EditorModal editor={editor} title="Строка нагрузки">
        {(line) =>
          groupId !== null ? (
            <LoadForm
              groupId={groupId}
              line={line}
              subjects={(subjects.data ?? []).filter(
                (subject) => subject.organization_id === group?.organization_id,
              )}
              teachers={own.data?.teachers ?? []}
              splits={splits.data?.sets ?? []}
              rooms={rooms.data ?? []}
              onSubmit={async (input) => {
                const result = await saveLoad.mutateAsync({ input, id: line?.id });
                editor.close();
                await afterSave(result, 'Нагрузка сохранена');
              }}
            />
          ) : null
        }
      </EditorModal>
    </>
  );
}
