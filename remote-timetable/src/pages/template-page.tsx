import {
  Alert,
  Button,
  CloseButton,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  classOptions,
  getErrorMessage,
  notify,
  PageTitle,
  useGroups,
  useIdParam,
  useLoads,
  usePermissions,
  workingDays,
} from '@parta/shared';
import { subjectShortName } from '@parta/shared/domain/names';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSettings } from '../features/settings/api/get-settings';
import { useAddSlot } from '../features/timetable/api/add-slot';
import { useTemplate } from '../features/timetable/api/get-template';
import { useRemoveSlot } from '../features/timetable/api/remove-slot';
import { CoursesBeside } from '../features/timetable/ui/courses-beside';
import { LoadPicker } from '../features/timetable/ui/load-picker';
import { LoadSummary } from '../features/timetable/ui/load-summary';
import { WeekGrid } from '../features/timetable/ui/week-grid';
import { paths } from '../lib/paths';

/**
 * timetable.templates: a class's week grid filled from its load by picking a line and a cell, or by
 * dragging; the server refuses a conflicting placement and its reason is shown.
 */
export function TemplatePage() {
  const id = useIdParam();
  const { can } = usePermissions();
  const template = useTemplate(Number.isNaN(id) ? null : id);
  const options = useGroups();
  const settings = useSettings();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const lines = useLoads({ group_id: groupId }, groupId !== null);
  const editable = can('timetables.edit');
  const addSlot = useAddSlot(id);
  const removeSlot = useRemoveSlot(id);
  const classes = classOptions(
    (options.data?.groups ?? []).filter((group) => group.organization_id === template.data?.organization_id),
  );
  const firstClass = classes[0]?.value ?? null;
  // The grid opens on the first class: an empty picker showed nothing to work on.
  useEffect(() => {
    if (groupId === null && firstClass !== null) setGroupId(Number(firstClass));
  }, [groupId, firstClass]);

  if (template.error) return <Alert color="red">{getErrorMessage(template.error, 'Шаблон не найден')}</Alert>;
  if (!template.data) return <Loader />;

  const slots = template.data.slots.filter((slot) => slot.group_id === groupId);
  const days = workingDays(settings.data?.working_days_per_week);
  const numbers = Array.from({ length: settings.data?.max_lessons_per_day ?? 7 }, (_, index) => index + 1);

  const place = async (loadId: number, weekday: number, lessonNumber: number) => {
    setRefusal(null);
    try {
      await addSlot.mutateAsync({ load_id: loadId, weekday, lesson_number: lessonNumber });
    } catch (error) {
      setRefusal(getErrorMessage(error));
    }
  };

  return (
    <>
      <PageTitle
        description={`Учебный год ${template.data.academic_year}`}
        actions={
          editable ? (
            <Button component={Link} to={paths.timetableCreate(id)}>
              Применить к периоду
            </Button>
          ) : undefined
        }
      >
        {template.data.name}
      </PageTitle>
      <Stack>
        <Select
          label="Класс"
          placeholder="Выберите класс"
          searchable
          w={200}
          data={classes}
          value={groupId ? String(groupId) : null}
          onChange={(value) => {
            setGroupId(value ? Number(value) : null);
            setSelected(null);
            setRefusal(null);
          }}
        />
        {refusal ? (
          <Alert
            color="red"
            title="Нельзя поставить урок"
            data-testid="placement-error"
            withCloseButton
            onClose={() => setRefusal(null)}
          >
            {refusal}
          </Alert>
        ) : null}
        {groupId !== null && lines.data ? <LoadSummary lines={lines.data} slots={slots} /> : null}
        {groupId === null ? null : (
          <Grid>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Text fw={600} mb="xs">
                Нагрузка
              </Text>
              {lines.data ? (
                <LoadPicker lines={lines.data} slots={slots} selected={selected} onSelect={setSelected} />
              ) : (
                <Loader size="sm" />
              )}
              {editable ? (
                <Text size="xs" c="dimmed" mt="xs">
                  Выберите строку и нажмите на ячейку или перетащите строку в сетку
                </Text>
              ) : null}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <Paper withBorder p="xs" radius="md">
                <WeekGrid
                  days={days}
                  numbers={numbers}
                  cell={(weekday, lessonNumber) => {
                    const here = slots.filter(
                      (slot) => slot.weekday === weekday && slot.lesson_number === lessonNumber,
                    );
                    const selectedLine = lines.data?.find((line) => line.id === selected);
                    return (
                      <Stack
                        gap={2}
                        mih={44}
                        h="100%"
                        data-testid={`cell-${weekday}-${lessonNumber}`}
                        style={{ cursor: editable && selected ? 'copy' : undefined }}
                        onClick={() =>
                          editable && selected ? place(selected, weekday, lessonNumber) : undefined
                        }
                        onDragOver={(event) => editable && event.preventDefault()}
                        onDrop={(event) => {
                          event.preventDefault();
                          const loadId = Number(event.dataTransfer.getData('text/plain'));
                          if (editable && loadId) void place(loadId, weekday, lessonNumber);
                        }}
                      >
                        {editable ? (
                          <CellButton
                            weekday={weekday}
                            lessonNumber={lessonNumber}
                            label={`${days[weekday - 1]}, ${lessonNumber} урок${
                              selectedLine ? `: поставить «${selectedLine.subject_name}»` : ''
                            }`}
                            active={selected !== null}
                            onPlace={() => (selected ? place(selected, weekday, lessonNumber) : undefined)}
                          />
                        ) : null}
                        {here.map((slot) => (
                          <Group
                            key={slot.id}
                            gap={2}
                            wrap="nowrap"
                            justify="space-between"
                            data-testid="slot"
                          >
                            <div style={{ minWidth: 0 }}>
                              {/* Long words abbreviated, wrapping between words only; the full name on hover. */}
                              <Text
                                size="sm"
                                fw={600}
                                lh={1.2}
                                title={slot.subject_name}
                                data-testid="slot-subject"
                              >
                                {subjectShortName(slot.subject_name)}
                              </Text>
                              <Text size="xs" c="dimmed" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                                {slot.teacher_name}
                                {slot.subgroup_name ? ` · ${slot.subgroup_name}` : ''}
                              </Text>
                            </div>
                            {editable ? (
                              <CloseButton
                                size="xs"
                                aria-label="Убрать урок"
                                onClick={async (event) => {
                                  event.stopPropagation();
                                  try {
                                    await removeSlot.mutateAsync(slot.id);
                                  } catch (error) {
                                    notify.error(getErrorMessage(error));
                                  }
                                }}
                              />
                            ) : null}
                          </Group>
                        ))}
                      </Stack>
                    );
                  }}
                />
              </Paper>
            </Grid.Col>
          </Grid>
        )}
        <CoursesBeside groupId={groupId} />
      </Stack>
    </>
  );
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The keyboard's way into a grid cell: a button (Enter or Space places the picked line there),
 * arrow keys move to the neighbouring cell. It fills the cell's free space, so a click there places too.
 */
function CellButton({
  weekday,
  lessonNumber,
  label,
  active,
  onPlace,
}: {
  weekday: number;
  lessonNumber: number;
  label: string;
  active: boolean;
  onPlace: () => void;
}) {
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const grid = event.currentTarget.closest('[data-testid="week-grid"]');
    grid
      ?.querySelector<HTMLButtonElement>(`[data-cell="${weekday + step[0]}-${lessonNumber + step[1]}"]`)
      ?.focus();
  };
  return (
    <UnstyledButton
      data-cell={`${weekday}-${lessonNumber}`}
      aria-label={label}
      onKeyDown={move}
      onClick={(event) => {
        event.stopPropagation();
        onPlace();
      }}
      style={{
        flex: 1,
        minHeight: 20,
        borderRadius: 'var(--mantine-radius-sm)',
        textAlign: 'center',
        color: 'var(--mantine-color-dimmed)',
        cursor: active ? 'copy' : 'default',
      }}
    >
      {active ? '+' : null}
    </UnstyledButton>
  );
}
