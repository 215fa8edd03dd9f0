import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { formatDate, getErrorMessage, personOptions } from '@parta/shared';
import type { PersonRef } from '@parta/shared/domain/contracts/common';
import { LESSON_STATUSES, type Lesson, type LessonChange } from '@parta/shared/domain/contracts/timetable';
import { useState } from 'react';
import { useChangeLesson } from '../api/change-lesson';

export interface LessonChangeModalProps {
  lesson: Lesson | null;
  teachers: PersonRef[];
  onClose: () => void;
}

/** One-off change of a dated lesson: a replacement teacher, a cancellation, or back to the plan. */
export function LessonChangeModal({ lesson, teachers, onClose }: LessonChangeModalProps) {
  const changeLesson = useChangeLesson();
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (change: LessonChange) => {
    if (!lesson) return;
    setFailure(null);
    try {
      await changeLesson.mutateAsync({ id: lesson.id, change });
      onClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  };
  return (
    <Modal opened={lesson !== null} onClose={onClose} title="Изменить урок">
      {lesson ? (
        <Stack>
          <Text>
            {formatDate(lesson.date)}, урок {lesson.lesson_number}: {lesson.subject_name} ·{' '}
            {lesson.group_name}
            {lesson.subgroup_name ? ` (${lesson.subgroup_name})` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            Сейчас: {LESSON_STATUSES[lesson.status]}, {lesson.teacher_name ?? 'без учителя'}
          </Text>
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <Group align="flex-end">
            <Select
              label="Замена учителя"
              searchable
              flex={1}
              data={personOptions(teachers)}
              value={teacherId}
              onChange={setTeacherId}
            />
            <Button
              disabled={!teacherId}
              onClick={() => run({ status: 'replaced', teacher_id: Number(teacherId) })}
            >
              Заменить
            </Button>
          </Group>
          <Group justify="space-between">
            <Button color="red" variant="light" onClick={() => run({ status: 'cancelled' })}>
              Отменить урок
            </Button>
            {lesson.status !== 'scheduled' ? (
              <Button variant="subtle" onClick={() => run({ status: 'scheduled' })}>
                Вернуть по расписанию
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
