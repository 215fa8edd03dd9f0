import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { formatDateTime, getErrorMessage, notify } from '@parta/shared';
import { SUBMISSION_STATUS_LABELS, type Submission } from '@parta/shared/domain/contracts/homework';
import { GRADES } from '@parta/shared/domain/marks';
import { useState } from 'react';
import { useLessonSubmissions, useReviewSubmission } from '../api/homework-api';
import { FileList } from './file-list';

export const STATUS_COLORS = { submitted: 'blue', accepted: 'green', returned: 'orange' } as const;

function Review({ work, readOnly }: { work: Submission; readOnly: boolean }) {
  const review = useReviewSubmission();
  const [mark, setMark] = useState<string>('');
  const [comment, setComment] = useState('');
  if (readOnly || work.status === 'accepted') return null;
  const send = (status: 'accepted' | 'returned') =>
    review
      .mutateAsync({
        lessonId: work.lesson_id,
        id: work.id,
        input: {
          status,
          mark: status === 'accepted' && mark ? (Number(mark) as 1 | 2 | 3 | 4 | 5) : null,
          comment,
        },
      })
      .then(() => notify.success(status === 'accepted' ? 'Работа принята' : 'Работа возвращена'))
      .catch((error) => notify.error(getErrorMessage(error, 'Не удалось сохранить проверку')));
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">Оценка:</Text>
        <SegmentedControl
          size="sm"
          value={mark}
          onChange={setMark}
          data={[
            { value: '', label: 'без' },
            ...GRADES.map((grade) => ({ value: String(grade), label: String(grade) })),
          ]}
          aria-label="Оценка за работу"
          data-testid="work-mark"
        />
      </Group>
      <Textarea
        aria-label="Комментарий к проверке"
        placeholder="Комментарий ученику"
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        autosize
        minRows={1}
        maxLength={2000}
      />
      <Group gap="xs">
        <Button size="sm" loading={review.isPending} onClick={() => send('accepted')}>
          Принять
        </Button>
        <Button size="sm" variant="default" loading={review.isPending} onClick={() => send('returned')}>
          Вернуть
        </Button>
      </Group>
    </Stack>
  );
}

/** Who handed in what and when, with the files; each work accepted (with a mark) or returned. */
export function LessonSubmissions({ lessonId, readOnly }: { lessonId: number; readOnly: boolean }) {
  const works = useLessonSubmissions(lessonId);
  if (works.isError) return null;
  const list = works.data ?? [];
  return (
    <Stack gap={6} data-testid="lesson-submissions">
      <Text size="sm" fw={500}>
        Работы учеников {list.length > 0 ? `(${list.length})` : ''}
      </Text>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Пока никто не сдал работу
        </Text>
      ) : null}
      {list.map((work) => (
        <Card key={work.id} withBorder padding="sm" radius="md" data-testid="submission">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {work.student_name}
              </Text>
              <Badge color={STATUS_COLORS[work.status]} variant="light" tt="none">
                {SUBMISSION_STATUS_LABELS[work.status]}
                {work.mark ? `, ${work.mark}` : ''}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              Сдано {formatDateTime(new Date(work.submitted_at))}
            </Text>
            {work.comment ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {work.comment}
              </Text>
            ) : null}
            <FileList files={work.files} testId="submission-file" />
            <Review work={work} readOnly={readOnly} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
