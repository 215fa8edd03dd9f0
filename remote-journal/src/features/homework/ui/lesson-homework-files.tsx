import { Button, Group, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { formatDateTime, getErrorMessage, notify, schoolToday } from '@parta/shared';
import { useEffect, useState } from 'react';
import {
  useDeleteHomeworkFile,
  useLessonHomework,
  useSetDeadline,
  useUploadHomeworkFiles,
} from '../api/homework-api';
import { FileList } from './file-list';
import { PickFiles } from './pick-files';

/** An instant as the picker's value: `2026-12-02 18:00:00` in the browser's time zone. */
function pickerValue(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:00`;
}

/** The picker's local `YYYY-MM-DD HH:mm:ss` as the instant the server keeps. */
const instantOf = (value: string) => new Date(value.replace(' ', 'T')).toISOString();

/** Until when pupils hand in their work (empty: until the teacher reviews it). */
function Deadline({
  lessonId,
  deadline,
  readOnly,
}: {
  lessonId: number;
  deadline: string | null;
  readOnly: boolean;
}) {
  const save = useSetDeadline();
  const [value, setValue] = useState(pickerValue(deadline));
  useEffect(() => setValue(pickerValue(deadline)), [deadline]);
  if (readOnly) {
    return deadline ? <Text size="sm">Сдать до {formatDateTime(new Date(deadline))}</Text> : null;
  }
  const send = (next: string | null) =>
    save
      .mutateAsync({ lessonId, deadline: next })
      .then(() => notify.success(next ? 'Срок сдачи сохранён' : 'Срок сдачи снят'))
      .catch((error) => notify.error(getErrorMessage(error, 'Не удалось сохранить срок')));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <DateTimePicker
        label="Сдать работу до"
        placeholder="дд.мм.гг чч:мм"
        value={value}
        onChange={setValue}
        minDate={schoolToday()}
        defaultTimeValue="18:00"
        ariaLabels={{ nextMonth: 'Следующий месяц', previousMonth: 'Предыдущий месяц' }}
        submitButtonProps={{ 'aria-label': 'Готово' }}
        w={{ base: '100%', xs: 220 }}
        data-testid="homework-deadline"
      />
      <Button
        variant="default"
        mih={36}
        loading={save.isPending}
        disabled={!value}
        onClick={() => value && send(instantOf(value))}
      >
        Сохранить срок
      </Button>
      {deadline ? (
        <Button variant="subtle" mih={36} onClick={() => send(null)}>
          Без срока
        </Button>
      ) : null}
    </Group>
  );
}

/** The lesson editor's files of the homework: listed, opened, attached (camera on a phone), removed. */
export function LessonHomeworkFiles({ lessonId, readOnly }: { lessonId: number; readOnly: boolean }) {
  const homework = useLessonHomework(lessonId);
  const upload = useUploadHomeworkFiles();
  const remove = useDeleteHomeworkFile();
  const files = homework.data?.files ?? [];
  // A reader who does not teach the lesson (a class teacher in another's journal) sees no files.
  if (homework.isError) return null;
  return (
    <Stack gap={6} data-testid="lesson-homework-files">
      <Text size="sm" fw={500}>
        Файлы задания
      </Text>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          Файлов нет
        </Text>
      ) : null}
      <FileList
        files={files}
        onDelete={
          readOnly
            ? undefined
            : (file) =>
                remove
                  .mutateAsync(file.id)
                  .then(() => notify.success(`Файл «${file.name}» удалён`))
                  .catch((error) => notify.error(getErrorMessage(error, 'Не удалось удалить файл')))
        }
      />
      {homework.data ? (
        <Deadline lessonId={lessonId} deadline={homework.data.deadline} readOnly={readOnly} />
      ) : null}
      {readOnly ? null : (
        <PickFiles
          loading={upload.isPending}
          onPick={(picked) =>
            upload
              .mutateAsync({ lessonId, files: picked })
              .then((saved) =>
                notify.success(saved.length > 1 ? `Прикреплено файлов: ${saved.length}` : 'Файл прикреплён'),
              )
              .catch((error) => notify.error(getErrorMessage(error, 'Не удалось прикрепить файл')))
          }
        />
      )}
    </Stack>
  );
}
