import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { formatDateTime, getErrorMessage, notify } from '@parta/shared';
import {
  type DiaryHomework,
  MAX_SUBMISSION_FILES,
  SUBMISSION_STATUS_LABELS,
} from '@parta/shared/domain/contracts/homework';
import { useState } from 'react';
import { useHandIn } from '../api/homework-api';
import { FileList } from './file-list';
import { STATUS_COLORS } from './lesson-submissions';
import { PickFiles } from './pick-files';

function HandInForm({ lessonId, again }: { lessonId: number; again: boolean }) {
  const handIn = useHandIn();
  const [files, setFiles] = useState<File[]>([]);
  const [comment, setComment] = useState('');
  return (
    <Stack gap={6} data-testid="hand-in">
      <PickFiles
        label={files.length > 0 ? 'Добавить файл' : 'Файл работы'}
        disabled={files.length >= MAX_SUBMISSION_FILES}
        onPick={(picked) => setFiles((current) => [...current, ...picked].slice(0, MAX_SUBMISSION_FILES))}
      />
      {files.length > 0 ? (
        <Text size="sm" data-testid="hand-in-files">
          {files.map((file) => file.name).join(', ')}
        </Text>
      ) : null}
      <Textarea
        aria-label="Комментарий к работе"
        placeholder="Комментарий учителю"
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        autosize
        minRows={1}
        maxLength={2000}
      />
      <Group>
        <Button
          size="sm"
          disabled={files.length === 0}
          loading={handIn.isPending}
          onClick={() =>
            handIn
              .mutateAsync({ lessonId, files, comment })
              .then(() => {
                setFiles([]);
                setComment('');
                notify.success('Работа сдана');
              })
              .catch((error) => notify.error(getErrorMessage(error, 'Не удалось сдать работу')))
          }
        >
          {again ? 'Сдать снова' : 'Сдать работу'}
        </Button>
      </Group>
    </Stack>
  );
}

/** With a lesson's homework in the diary: its files, «задано после 18:00», the pupil's work and hand-in form. */
export function DiaryHomeworkBlock({
  lessonId,
  details,
  pupil,
}: {
  lessonId: number;
  details: DiaryHomework;
  /** The diary's own pupil (a parent reads, the pupil also hands in). */
  pupil: boolean;
}) {
  const [open, setOpen] = useState(false);
  const work = details.submission;
  const closed = details.deadline !== null && new Date(details.deadline) < new Date();
  // Work is asked for where the teacher gave files or a deadline (or the pupil already handed some
  // in); a lesson with a line of text homework alone keeps the diary as it was.
  const asked = details.files.length > 0 || details.deadline !== null || work !== null;
  const canHandIn = pupil && asked && work?.status !== 'accepted' && !closed;
  if (details.files.length === 0 && !work && !details.given_after && !canHandIn) return null;
  return (
    <Stack gap={4} data-testid="diary-homework">
      {details.given_after ? (
        <Badge color="yellow" variant="light" tt="none" size="sm" w="fit-content">
          задано после {details.given_after}
        </Badge>
      ) : null}
      <FileList files={details.files} />
      {details.deadline ? (
        <Text size="xs" c="dimmed">
          Сдать до {formatDateTime(new Date(details.deadline))}
        </Text>
      ) : null}
      {work ? (
        <Stack gap={2} data-testid="diary-work">
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              Моя работа, {formatDateTime(new Date(work.submitted_at))}:
            </Text>
            <Badge color={STATUS_COLORS[work.status]} variant="light" tt="none" size="sm">
              {SUBMISSION_STATUS_LABELS[work.status]}
              {work.mark ? `, оценка ${work.mark}` : ''}
            </Badge>
          </Group>
          {work.review_comment ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              Учитель: {work.review_comment}
            </Text>
          ) : null}
          <FileList files={work.files} testId="work-file" />
        </Stack>
      ) : null}
      {canHandIn ? (
        open ? (
          <HandInForm lessonId={lessonId} again={work !== null} />
        ) : (
          <Button size="compact-md" mih={36} variant="subtle" w="fit-content" onClick={() => setOpen(true)}>
            {work ? 'Сдать снова' : 'Сдать работу'}
          </Button>
        )
      ) : null}
    </Stack>
  );
}
