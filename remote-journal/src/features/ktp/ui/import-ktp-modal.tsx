import { Alert, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { getErrorMessage, ImportCheckTable, notify } from '@parta/shared';
import { KTP_COLUMNS, type KtpImportResult } from '@parta/shared/domain/contracts/ktp';
import { useState } from 'react';
import { useImportKtp } from '../api/import-ktp';

export interface ImportKtpModalProps {
  planId: number;
  opened: boolean;
  onClose: () => void;
}

/** Import from .xlsx: every row checked and shown first; saving replaces the plan's items with all rows. */
export function ImportKtpModal({ planId, opened, onClose }: ImportKtpModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<KtpImportResult | null>(null);
  const importKtp = useImportKtp(planId);
  const close = () => {
    setFile(null);
    setChecked(null);
    importKtp.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Импорт КТП из Excel" size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          Первая строка листа — заголовки: {KTP_COLUMNS.join(', ')}. Обязательны «Тема» и «Часы». Темы плана
          будут заменены темами из файла.
        </Text>
        <FileInput
          label="Файл .xlsx"
          placeholder="Выберите файл"
          accept=".xlsx"
          value={file}
          onChange={(value) => {
            setFile(value);
            setChecked(null);
            if (value)
              importKtp.mutate({ file: value, dryRun: true }, { onSuccess: (result) => setChecked(result) });
          }}
          data-testid="ktp-import-file"
        />
        {importKtp.error ? (
          <Alert color="red">{getErrorMessage(importKtp.error, 'Не удалось прочитать файл')}</Alert>
        ) : null}
        {checked ? (
          <>
            {checked.invalid > 0 ? (
              <Alert color="orange" data-testid="ktp-import-problems">
                Строк с ошибками: {checked.invalid}. Исправьте файл — пока есть ошибки, ничего не сохраняется.
              </Alert>
            ) : (
              <Alert color="emerald">Ошибок нет: строк {checked.rows.length}</Alert>
            )}
            <ImportCheckTable
              rows={checked.rows}
              columns={[
                { label: 'Раздел', value: (row) => row.section ?? '' },
                { label: 'Тема', value: (row) => row.topic },
                { label: 'Часы', value: (row) => row.hours ?? '' },
              ]}
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Отмена
          </Button>
          <Button
            disabled={!file || !checked || checked.invalid > 0}
            loading={importKtp.isPending}
            onClick={() =>
              file &&
              importKtp.mutate(
                { file, dryRun: false },
                {
                  onSuccess: (result) => {
                    if (!result.saved) return setChecked(result);
                    notify.success(`Загружено тем: ${result.rows.length}`);
                    close();
                  },
                },
              )
            }
          >
            Загрузить
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
