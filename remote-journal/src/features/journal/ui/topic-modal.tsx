import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { formatDate, getErrorMessage, notify } from '@parta/shared';
import type { JournalLesson } from '@parta/shared/domain/contracts/journal';
import { useEffect, useState } from 'react';
import { LessonHomeworkFiles, LessonSubmissions } from '../../homework';
import { useUpdateLessonTopic } from '../api/update-lesson-topic';

/** The topic and homework of one lesson, edited from the grid's column header. */
export function TopicModal({
  lesson,
  readOnly,
  onClose,
}: {
  lesson: JournalLesson | null;
  readOnly: boolean;
  onClose: () => void;
}) {
  const update = useUpdateLessonTopic();
  const [topic, setTopic] = useState('');
  const [homework, setHomework] = useState('');
  useEffect(() => {
    setTopic(lesson?.topic ?? '');
    setHomework(lesson?.homework ?? '');
  }, [lesson]);
  return (
    <Modal
      opened={lesson !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
      title={lesson ? `Урок ${formatDate(lesson.date)}, ${lesson.lesson_number}-й` : ''}
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!lesson) return;
          try {
            await update.mutateAsync({ lessonId: lesson.id, input: { topic, homework } });
            notify.success('Тема и домашнее задание сохранены');
            onClose();
          } catch (error) {
            notify.error(getErrorMessage(error, 'Не удалось сохранить тему'));
          }
        }}
      >
        <Stack>
          <TextInput
            label="Тема урока"
            value={topic}
            onChange={(e) => setTopic(e.currentTarget.value)}
            readOnly={readOnly}
            maxLength={500}
            data-autofocus
          />
          <Textarea
            label="Домашнее задание"
            value={homework}
            onChange={(e) => setHomework(e.currentTarget.value)}
            readOnly={readOnly}
            autosize
            minRows={2}
            maxLength={2000}
          />
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Сохранить
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {lesson ? (
        <Stack mt="md" gap="md">
          <LessonHomeworkFiles lessonId={lesson.id} readOnly={readOnly} />
          <LessonSubmissions lessonId={lesson.id} readOnly={readOnly} />
        </Stack>
      ) : null}
    </Modal>
  );
}
