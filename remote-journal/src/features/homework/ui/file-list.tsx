import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { getErrorMessage, notify } from '@parta/shared';
import type { StoredFile } from '@parta/shared/domain/contracts/homework';
import { fileSizeText, openStoredFile } from '../api/homework-api';

/** Files as buttons that open them; with `onDelete`, a remove button beside each. */
export function FileList({
  files,
  onDelete,
  testId = 'homework-file',
}: {
  files: StoredFile[];
  onDelete?: (file: StoredFile) => void;
  testId?: string;
}) {
  if (files.length === 0) return null;
  return (
    <Stack gap={4}>
      {files.map((file) => (
        <Group key={file.id} gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-md"
            mih={36}
            justify="flex-start"
            style={{ flex: 1, minWidth: 0 }}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
            onClick={() =>
              openStoredFile(file).catch((error) =>
                notify.error(getErrorMessage(error, 'Не удалось открыть файл')),
              )
            }
            data-testid={testId}
          >
            {file.name}
            <Text span size="xs" c="dimmed" ml={6}>
              {fileSizeText(file.size)}
            </Text>
          </Button>
          {onDelete ? (
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              aria-label={`Удалить файл ${file.name}`}
              onClick={() => onDelete(file)}
            >
              ✕
            </ActionIcon>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
