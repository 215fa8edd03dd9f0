import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { getErrorMessage, notify } from '@parta/shared';
import type { CoverDecision, CoverLesson } from '@parta/shared/domain/contracts/substitutions';
import { formatTime } from '@parta/shared/domain/timetable';
import { type ReactNode, useState } from 'react';
import { useDecideLesson } from '../api/substitutions';

/** The few best candidates show at once; the rest behind «ещё», so a phone screen stays short. */
const SHOWN_FIRST = 3;

function StateBadge({ item }: { item: CoverLesson }) {
  if (item.state === 'cancelled')
    return (
      <Badge color="gray" variant="light">
        отменён
      </Badge>
    );
  if (item.state === 'replaced')
    return (
      <Badge color="emerald" variant="light" tt="none" h="auto" styles={{ label: { whiteSpace: 'normal' } }}>
        {item.merged_with ? `вместе с ${item.merged_with}: ` : 'замена: '}
        {item.lesson.teacher_name}
      </Badge>
    );
  return (
    <Badge color={item.started ? 'red' : 'orange'} variant="light">
      {item.started ? 'без замены' : 'открыт'}
    </Badge>
  );
}

/** «Объединить» or «Перенести»: a full-width left-aligned button whose text may wrap on a phone. */
function OptionButton({
  testId,
  disabled,
  loading,
  onClick,
  children,
}: {
  testId: string;
  disabled?: boolean;
  loading: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="default"
      size="compact-sm"
      h="auto"
      py={4}
      justify="flex-start"
      disabled={disabled}
      loading={loading}
      data-testid={testId}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** One lesson of the absence: what it is, its decision, and the candidates with why each ranks where it does. */
export function CoverLessonCard({
  absenceId,
  item,
  editable,
}: {
  absenceId: number;
  item: CoverLesson;
  editable: boolean;
}) {
  const decide = useDecideLesson(absenceId);
  const [all, setAll] = useState(false);
  const { lesson } = item;
  const changeable = editable && !item.started;
  const run = async (decision: CoverDecision, done: string) => {
    try {
      await decide.mutateAsync({ lessonId: lesson.id, decision });
      notify.success(done);
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось сохранить решение'));
    }
  };
  const candidates = all ? item.candidates : item.candidates.slice(0, SHOWN_FIRST);

  return (
    <Paper withBorder p="sm" radius="md" data-testid="cover-lesson">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div>
          <Text fw={600}>
            {lesson.lesson_number} урок · {lesson.group_name}
            {lesson.subgroup_name ? ` (${lesson.subgroup_name})` : ''} · {lesson.subject_name}
          </Text>
          <Text size="sm" c="dimmed">
            {lesson.start_time
              ? `${formatTime(lesson.start_time)}–${formatTime(lesson.end_time)}`
              : 'время не задано'}
            {item.started ? ' · урок начался, решение не меняется' : ''}
          </Text>
          {item.moved ? (
            <Text size="sm" c="orange" data-testid="cover-moved">
              Перенесён с {item.moved.from_lesson_number}-го урока, там теперь {item.moved.with_subject_name}
            </Text>
          ) : null}
        </div>
        <StateBadge item={item} />
      </Group>
      {changeable ? (
        <Stack gap={6} mt="sm">
          {candidates.length === 0 && item.state === 'open' ? (
            <Text size="sm" c="dimmed">
              Свободных учителей нет: отмените урок или замените вручную позже
            </Text>
          ) : null}
          {candidates.map((candidate, index) => (
            <UnstyledButton
              key={candidate.teacher_id}
              onClick={() =>
                run(
                  { action: 'assign', teacher_id: candidate.teacher_id },
                  `Замена: ${candidate.teacher_name}`,
                )
              }
              disabled={decide.isPending}
              data-testid="candidate"
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-sm)',
                padding: '6px 10px',
              }}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {index + 1}. {candidate.teacher_name}
                </Text>
                <Badge size="sm" variant="light" color={candidate.specialty ? 'emerald' : 'gray'}>
                  {candidate.specialty ? 'по специальности' : 'другой предмет'}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {candidate.reasons.join(' · ')}
              </Text>
            </UnstyledButton>
          ))}
          {item.merge_options.map((option) => (
            <OptionButton
              key={`merge-${option.lesson_id}`}
              testId="merge-option"
              disabled={option.fits === false}
              loading={decide.isPending}
              onClick={() =>
                run(
                  { action: 'merge', lesson_id: option.lesson_id },
                  `Объединён с ${option.group_name}: ведёт ${option.teacher_name}`,
                )
              }
            >
              <span>
                Объединить с {option.group_name} · {option.teacher_name}
                <Text span size="xs" c="dimmed" display="block">
                  {option.room_note}
                </Text>
              </span>
            </OptionButton>
          ))}
          {item.move_options.map((option) => (
            <OptionButton
              key={`move-${option.lesson_id}`}
              testId="move-option"
              loading={decide.isPending}
              onClick={() =>
                run(
                  { action: 'move', lesson_id: option.lesson_id },
                  `Перенесён на ${option.lesson_number}-й урок`,
                )
              }
            >
              Перенести на {option.lesson_number}-й урок: поменять с «{option.subject_name}»
              {option.teacher_name ? ` (${option.teacher_name})` : ''}
            </OptionButton>
          ))}
          <Group gap="xs" mt={4}>
            {item.candidates.length > SHOWN_FIRST ? (
              <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)}>
                {all ? 'Свернуть' : `Ещё ${item.candidates.length - SHOWN_FIRST}`}
              </Button>
            ) : null}
            {item.state !== 'cancelled' ? (
              <Button
                variant="light"
                color="gray"
                size="compact-sm"
                onClick={() => run({ action: 'cancel' }, 'Урок отменён')}
                loading={decide.isPending}
              >
                Отменить урок
              </Button>
            ) : null}
            {item.state !== 'open' || item.moved ? (
              <Button
                variant="light"
                size="compact-sm"
                onClick={() => run({ action: 'undo' }, 'Решение отменено')}
                loading={decide.isPending}
              >
                Вернуть как было
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}
