import { Alert, Badge, Button, FileInput, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { getErrorMessage, PageTitle } from '@parta/shared';
import type { ImportEntity, ImportPreview } from '@parta/shared/domain/contracts/imports';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApplyImport, useImport, useUploadImport } from '../features/imports/api/imports';
import { paths } from '../lib/paths';

const ENTITY_LABELS: Record<ImportEntity, string> = {
  teachers: 'Учителя',
  subjects: 'Предметы',
  classes: 'Классы',
  subgroups: 'Подгруппы',
  rooms: 'Кабинеты',
  loads: 'Строки нагрузки',
  unavailable: 'Недоступное время',
  slots: 'Закреплённые уроки',
};

function Counts({ preview }: { preview: ImportPreview }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped data-testid="import-counts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Что</Table.Th>
            <Table.Th>В файле</Table.Th>
            <Table.Th>Новых</Table.Th>
            <Table.Th>Уже есть</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(Object.keys(ENTITY_LABELS) as ImportEntity[]).map((entity) => {
            const count = preview.counts[entity];
            return count ? (
              <Table.Tr key={entity}>
                <Table.Td>{ENTITY_LABELS[entity]}</Table.Td>
                <Table.Td>{count.total}</Table.Td>
                <Table.Td>{count.new}</Table.Td>
                <Table.Td>{count.existing}</Table.Td>
              </Table.Tr>
            ) : null;
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Mappings({ preview }: { preview: ImportPreview }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table data-testid="import-mappings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>В файле</Table.Th>
            <Table.Th>В Parta</Table.Th>
            <Table.Th>Совпадение</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.mappings
            .filter((m) => m.entity === 'teachers' || m.entity === 'classes')
            .map((m) => (
              <Table.Tr key={`${m.entity}|${m.source}`}>
                <Table.Td>{m.source}</Table.Td>
                <Table.Td>
                  {ENTITY_LABELS[m.entity]}: {m.target}
                </Table.Td>
                <Table.Td>
                  <Badge color={m.match === 'exact' ? 'gray' : 'emerald'} variant="light">
                    {m.match === 'exact' ? 'уже есть' : 'новый'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** «Импорт»: a FET file previewed (names, counts, what is not carried), then applied in the background. */
export function ImportsPage() {
  const [params, setParams] = useSearchParams();
  const importId = params.get('id') ? Number(params.get('id')) : null;
  const current = useImport(importId);
  const upload = useUploadImport();
  const apply = useApplyImport();
  const [failure, setFailure] = useState<string | null>(null);
  const state = current.data;

  const choose = async (file: File | null) => {
    setFailure(null);
    if (!file) return;
    try {
      const created = await upload.mutateAsync(file);
      setParams({ id: String(created.id) });
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось прочитать файл'));
    }
  };
  const start = async () => {
    if (importId === null) return;
    setFailure(null);
    try {
      await apply.mutateAsync(importId);
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось применить импорт'));
    }
  };

  return (
    <Stack>
      <PageTitle>Импорт</PageTitle>
      <Text size="sm">
        Загрузите файл FET (.fet): учителя, предметы, классы, подгруппы, кабинеты, нагрузка, недоступное время
        и закреплённые уроки. Сначала показывается, что будет сделано; в школе ничего не меняется, пока вы не
        нажмёте «Применить».
      </Text>
      <FileInput
        label="Файл"
        placeholder="Выберите файл .fet"
        accept=".fet,application/xml,text/xml"
        onChange={choose}
        disabled={upload.isPending}
        data-testid="import-file"
      />
      {failure ? (
        <Alert color="red" data-testid="import-error">
          {failure}
        </Alert>
      ) : null}
      {state ? (
        <Paper withBorder p="md">
          <Stack>
            <Group justify="space-between">
              <Text fw={600}>
                {state.file_name} · {state.preview.academic_year} · {state.preview.days} дн. ×{' '}
                {state.preview.lessons_per_day} ур.
              </Text>
              <Badge data-testid="import-status">
                {
                  { preview: 'Предпросмотр', applying: 'Применяется', done: 'Применён', failed: 'Ошибка' }[
                    state.status
                  ]
                }
              </Badge>
            </Group>
            <Counts preview={state.preview} />
            {state.preview.unsupported.length > 0 ? (
              <Alert color="yellow" title="Не переносится">
                {state.preview.unsupported.map((u) => `${u.name}: ${u.count}`).join('; ')}
              </Alert>
            ) : null}
            <Mappings preview={state.preview} />
            {state.status === 'applying' ? (
              <Progress value={state.total > 0 ? (100 * state.done) / state.total : 5} animated />
            ) : null}
            {state.status === 'failed' ? <Alert color="red">{state.error}</Alert> : null}
            {state.status === 'done' ? (
              <Alert color="emerald" title="Импорт применён" data-testid="import-done">
                <Group gap="md">
                  <Link to={paths.load}>Открыть нагрузку</Link>
                  <Link to={paths.timetable}>Открыть расписание</Link>
                </Group>
              </Alert>
            ) : null}
            {state.status === 'preview' ? (
              <Group justify="flex-end">
                <Button onClick={start} loading={apply.isPending}>
                  Применить
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
