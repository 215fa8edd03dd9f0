import { Stack, Text } from '@mantine/core';
import { getErrorMessage, notify } from '@parta/shared';
import { useDeleteHomeworkFile, useLessonHomework, useUploadHomeworkFiles } from '../api/homework-api';
import { FileList } from './file-list';
import { PickFiles } from './pick-files';

/** The lesson editor's files of the homework: listed, opened, attached (camera on a phone), removed. */
export function LessonHomeworkFiles({ lessonId, readOnly }: { lessonId: number; readOnly: boolean }) {
  const homework = useLessonHomework(lessonId);
  const upload = useUploadHomeworkFiles();
  const remove = useDeleteHomeworkFile();
  const files = homework.data?.files ?? [];
  return (
    <Stack gap={6} data-testid="lesson-homework-files">
      <Text size="sm" fw={500}>
        Файлы задания
      </Text>
      {homework.isError ? (
        <Text size="sm" c="red">
          {getErrorMessage(homework.error, 'Не удалось загрузить файлы')}
        </Text>
      ) : files.length === 0 ? (
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
