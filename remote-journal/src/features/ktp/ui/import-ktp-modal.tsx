import { Alert, Badge, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { getErrorMessage, notify } from '@parta/shared';
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
            <Table.ScrollContainer minWidth={600} mah={360}>
              <Table fz="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Строка</Table.Th>
                    <Table.Th>Раздел</Table.Th>
                    <Table.Th>Тема</Table.Th>
                    <Table.Th>Часы</Table.Th>
                    <Table.Th>Проверка</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {checked.rows.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>{row.section ?? ''}</Table.Td>
                      <Table.Td>{row.topic}</Table.Td>
                      <Table.Td>{row.hours ?? ''}</Table.Td>
                      <Table.Td>
                        {row.problems.length === 0 ? (
                          <Badge color="emerald" variant="light" size="sm">
                            ок
                          </Badge>
                        ) : (
                          <List size="xs" c="red">
                            {row.problems.map((problem) => (
                              <List.Item key={problem}>{problem}</List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
