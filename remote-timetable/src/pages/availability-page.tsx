import { Alert, Group, Loader, Paper, SegmentedControl, Select, Text } from '@mantine/core';
import {
  classOptions,
  getErrorMessage,
  notify,
  PageTitle,
  personOptions,
  useGroups,
  usePermissions,
} from '@parta/shared';
import type { Cell } from '@parta/shared/domain/contracts/timetable-generator';
import { useState } from 'react';
import { useAvailability } from '../features/availability/api/get-availability';
import { useSaveAvailability } from '../features/availability/api/save-availability';
import { AvailabilityGrid } from '../features/availability/ui/availability-grid';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { useSettings } from '../features/settings';

/** Недоступность: the day × lesson cells a teacher or a class cannot have lessons in (the generator keeps them free). */
export function AvailabilityPage() {
  const { can } = usePermissions();
  const { organizationId, select } = useOrganizationChoice();
  const options = useGroups(organizationId, organizationId !== undefined);
  const settings = useSettings();
  const [mode, setMode] = useState<'teacher' | 'class'>('teacher');
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const owner = ownerId === null ? {} : mode === 'teacher' ? { teacherId: ownerId } : { groupId: ownerId };
  const availability = useAvailability(owner);
  const saveAvailability = useSaveAvailability();
  const editable = can('timetables.edit');

  const toggle = async (cell: Cell) => {
    const current = availability.data?.unavailable ?? [];
    const isOff = current.some((c) => c.weekday === cell.weekday && c.lesson_number === cell.lesson_number);
    const unavailable = isOff
      ? current.filter((c) => c.weekday !== cell.weekday || c.lesson_number !== cell.lesson_number)
      : [...current, cell];
    try {
      await saveAvailability.mutateAsync({
        ...(mode === 'teacher' ? { teacher_id: ownerId ?? undefined } : { group_id: ownerId ?? undefined }),
        unavailable,
      });
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось сохранить недоступность'));
    }
  };

  const data =
    mode === 'teacher'
      ? personOptions(options.data?.teachers ?? [])
      : classOptions(options.data?.groups ?? []);

  return (
    <>
      <PageTitle description="Клетки, в которые генератор не ставит уроки: например, методический день учителя">
        Недоступность
      </PageTitle>
      {select}
      <Group mt={select ? 'md' : undefined} mb="md" align="flex-end">
        <SegmentedControl
          value={mode}
          onChange={(value) => {
            setMode(value as 'teacher' | 'class');
            setOwnerId(null);
          }}
          data={[
            { value: 'teacher', label: 'Учитель' },
            { value: 'class', label: 'Класс' },
          ]}
        />
        <Select
          aria-label={mode === 'teacher' ? 'Учитель' : 'Класс'}
          placeholder={mode === 'teacher' ? 'Выберите учителя' : 'Выберите класс'}
          searchable
          w={280}
          data={data}
          value={ownerId === null ? null : String(ownerId)}
          onChange={(value) => setOwnerId(value ? Number(value) : null)}
        />
      </Group>
      <Paper withBorder p="md" radius="md">
        {ownerId === null ? (
          <Text c="dimmed" ta="center" py="xl">
            {mode === 'teacher' ? 'Выберите учителя' : 'Выберите класс'}
          </Text>
        ) : availability.error ? (
          <Alert color="red">
            {getErrorMessage(availability.error, 'Не удалось загрузить недоступность')}
          </Alert>
        ) : !availability.data || !settings.data ? (
          <Loader />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              {editable ? 'Нажмите на клетку, чтобы отметить её недоступной или снова доступной.' : null}{' '}
              Недоступно клеток: {availability.data.unavailable.length}
            </Text>
            <AvailabilityGrid
              days={settings.data.working_days_per_week}
              lessons={settings.data.max_lessons_per_day}
              unavailable={availability.data.unavailable}
              disabled={!editable || saveAvailability.isPending}
              onToggle={toggle}
            />
          </>
        )}
      </Paper>
    </>
  );
}
