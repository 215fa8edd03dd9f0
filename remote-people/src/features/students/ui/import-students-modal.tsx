import { Alert, Badge, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDate, getErrorMessage, ImportCheckTable } from '@parta/shared';
import type { StudentImportResult } from '@parta/shared/domain/contracts/people';
import { plural } from '@parta/shared/domain/plural';
import { useState } from 'react';
import { useImportStudents } from '../api/import-students';

export interface ImportStudentsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Import of a class list from .xlsx: the file is first checked (nothing saved) and every row shows
 * its problem; saving then adds the rows without problems and skips the others.
 */
export function ImportStudentsModal({ opened, onClose }: ImportStudentsModalProps) {
  const importStudents = useImportStudents();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StudentImportResult | null>(null);
  const [saved, setSaved] = useState<StudentImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setSaved(null);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const check = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview(await importStudents.mutateAsync({ file: chosen, dryRun: true }));
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось проверить файл'));
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setSaved(await importStudents.mutateAsync({ file, dryRun: false }));
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось загрузить учеников'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Импорт учеников из Excel" size="xl">
      <Stack>
        {saved ? (
          <Alert color="emerald" title="Ученики загружены" data-testid="import-done">
            Добавлено: {saved.created}.
            {saved.invalid > 0 ? ` Пропущено строк с ошибками: ${saved.invalid}.` : ''}
          </Alert>
        ) : (
          <>
            <Text size="sm">
              Файл .xlsx со столбцами <b>ФИО</b>, <b>Дата рождения</b> (ДД.ММ.ГГГГ) и <b>Класс</b> (например,
              5А) в первой строке. Сначала файл проверяется: ничего не сохраняется, пока вы не нажмёте
              «Загрузить».
            </Text>
            <FileInput
              label="Файл со списком"
              placeholder="Выберите файл .xlsx"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={check}
              clearable
              disabled={busy}
            />
          </>
        )}
        {failure ? <Alert color="red">{failure}</Alert> : null}
        {preview && !saved ? (
          <>
            <Group gap="xs">
              <Badge color="emerald" variant="light" size="lg">
                Можно загрузить: {preview.valid}
              </Badge>
              {preview.invalid > 0 ? (
                <Badge color="red" variant="light" size="lg">
                  С ошибками: {preview.invalid} (будут пропущены)
                </Badge>
              ) : null}
            </Group>
            <ImportCheckTable
              rows={preview.rows}
              minWidth={640}
              columns={[
                { label: 'ФИО', value: (row) => row.full_name || '—' },
                { label: 'Дата рождения', value: (row) => formatDate(row.birth_date) || '—' },
                { label: 'Класс', value: (row) => row.group_name || '—' },
              ]}
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {saved ? 'Закрыть' : 'Отмена'}
          </Button>
          {preview && !saved ? (
            <Button onClick={commit} loading={busy} disabled={preview.valid === 0}>
              Загрузить {preview.valid} {plural(preview.valid, 'ученика', 'ученика', 'учеников')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
