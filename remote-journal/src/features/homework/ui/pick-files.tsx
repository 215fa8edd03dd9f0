import { Button, FileButton, Group } from '@mantine/core';
import { HOMEWORK_FILE_ACCEPT } from '@parta/shared/domain/contracts/homework';
import type React from 'react';

/** A normal file picker and, on a phone, the camera (`capture`): both hand over the chosen files. */
export function PickFiles({
  onPick,
  loading,
  label = 'Прикрепить файл',
  disabled,
}: {
  onPick: (files: File[]) => void;
  loading?: boolean;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <Group gap="xs" wrap="wrap">
      <FileButton
        onChange={(files) => files.length > 0 && onPick(files)}
        accept={HOMEWORK_FILE_ACCEPT}
        multiple
        inputProps={{ 'aria-label': label, 'data-testid': 'pick-file' } as React.ComponentProps<'input'>}
      >
        {(props) => (
          <Button {...props} variant="default" loading={loading} disabled={disabled} mih={40}>
            {label}
          </Button>
        )}
      </FileButton>
      <FileButton
        onChange={(files) => files.length > 0 && onPick(files)}
        accept="image/*"
        capture="environment"
        multiple
        inputProps={
          { 'aria-label': 'Снять на камеру', 'data-testid': 'pick-camera' } as React.ComponentProps<'input'>
        }
      >
        {(props) => (
          <Button {...props} variant="default" loading={loading} disabled={disabled} mih={40}>
            Снять на камеру
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
