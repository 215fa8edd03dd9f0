import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate, getErrorMessage, notify, QueryView } from '@parta/shared';
import { ABSENCE_REASONS } from '@parta/shared/domain/contracts/substitutions';
import { useAbsence, useDeleteAbsence, useDistribute } from '../api/substitutions';
import { CoverLessonCard } from './cover-lesson-card';

const WEEKDAY = new Intl.DateTimeFormat('ru-RU', { weekday: 'long', timeZone: 'UTC' });

/** «вторник, 01.12.26»: the calendar date as it is, read in UTC so no time zone shifts it. */
export function dayTitle(iso: string): string {
  return `${WEEKDAY.format(new Date(`${iso}T00:00:00Z`))}, ${formatDate(iso)}`;
}

/** One absence: its lessons by day, «Распределить всё», and removing it when entered by mistake. */
export function AbsenceDetail({
  id,
  editable,
  onRemoved,
}: {
  id: number;
  editable: boolean;
  onRemoved: () => void;
}) {
  const detail = useAbsence(id);
  const distribute = useDistribute(id);
  const remove = useDeleteAbsence();

  const runDistribute = async () => {
    try {
      const result = await distribute.mutateAsync();
      if (result.left_open > 0)
        notify.error(`Назначено замен: ${result.assigned}; без замены осталось уроков: ${result.left_open}`);
      else notify.success(`Назначено замен: ${result.assigned}`);
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось распределить уроки'));
    }
  };
  const runRemove = async () => {
    if (!window.confirm('Удалить отсутствие? Замены ещё не начавшихся уроков будут отменены.')) return;
    try {
      await remove.mutateAsync(id);
      notify.success('Отсутствие удалено');
      onRemoved();
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось удалить отсутствие'));
    }
  };

  return (
    <QueryView query={detail} errorText="Не удалось загрузить уроки" refreshing={detail.isFetching}>
      {({ absence, days }) => (
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <div>
                <Title order={2} fz="lg">
                  {absence.teacher_name}
                </Title>
                <Text size="sm" c="dimmed">
                  {absence.reason ? `${ABSENCE_REASONS[absence.reason]} · ` : ''}
                  {formatDate(absence.from)}
                  {absence.to !== absence.from ? ` – ${formatDate(absence.to)}` : ''}
                  {absence.from_lesson ? ` · с ${absence.from_lesson} урока` : ''}
                </Text>
                <Text size="sm" mt={4} data-testid="absence-open-count">
                  Открыто уроков: {absence.open_count} из {absence.lessons_count}
                </Text>
              </div>
              {editable ? (
                <Group gap="xs">
                  <Button
                    onClick={runDistribute}
                    loading={distribute.isPending}
                    disabled={absence.open_count === 0}
                  >
                    Распределить всё
                  </Button>
                  <Button variant="subtle" color="red" onClick={runRemove} loading={remove.isPending}>
                    Удалить
                  </Button>
                </Group>
              ) : null}
            </Group>
          </Paper>
          {days.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              В эти дни у учителя нет уроков
            </Text>
          ) : null}
          {days.map((day) => (
            <Stack key={day.date} gap="xs">
              <Text fw={600} tt="capitalize">
                {dayTitle(day.date)}
              </Text>
              {day.lessons.map((item) => (
                <CoverLessonCard
                  key={item.lesson.id}
                  absenceId={absence.id}
                  item={item}
                  editable={editable}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}
