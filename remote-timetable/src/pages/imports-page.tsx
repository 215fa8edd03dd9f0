import { Alert, Anchor, Badge, Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { getErrorMessage, PageTitle } from '@parta/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  downloadRegisterTemplate,
  useApplyImport,
  useImport,
  useUploadImport,
} from '../features/imports/api/imports';
import { Counts, Hours, type MappingChanges, Mappings } from '../features/imports/ui/import-preview';
import { paths } from '../lib/paths';

const TEMPLATES = [
  { kind: 'xlsx-staff', label: 'Сотрудники', file: 'шаблон — сотрудники.xlsx' },
  { kind: 'xlsx-classes', label: 'Классы', file: 'шаблон — классы.xlsx' },
  { kind: 'xlsx-load', label: 'Нагрузка', file: 'шаблон — нагрузка.xlsx' },
] as const;

/**
 * «Импорт»: a FET file, an aSc Timetables XML or an Excel register previewed (names and what they
 * map to — changeable — counts, hours against СанПиН, what is not carried), then applied in the
 * background with the user's mapping changes.
 */
export function ImportsPage() {
  const [params, setParams] = useSearchParams();
  const importId = params.get('id') ? Number(params.get('id')) : null;
  const current = useImport(importId);
  const upload = useUploadImport();
  const apply = useApplyImport();
  const [failure, setFailure] = useState<string | null>(null);
  const [changes, setChanges] = useState<MappingChanges>({});
  const state = current.data;

  const choose = async (file: File | null) => {
    setFailure(null);
    setChanges({});
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
      const changed = Object.values(changes).some((entity) => Object.keys(entity ?? {}).length > 0);
      await apply.mutateAsync({ id: importId, mapping: changed ? changes : undefined });
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось применить импорт'));
    }
  };

  return (
    <Stack>
      <PageTitle>Импорт</PageTitle>
      <Text size="sm">
        Загрузите файл FET (.fet) или выгрузку aSc Timetables в XML (.xml): учителя, предметы, классы,
        подгруппы, кабинеты, нагрузка и закреплённые уроки; или реестр Excel (.xlsx) — сотрудники, классы или
        нагрузка. Сначала показывается, что будет сделано; в школе ничего не меняется, пока вы не нажмёте
        «Применить».
      </Text>
      <Group gap="xs">
        <Text size="sm">Шаблоны реестров:</Text>
        {TEMPLATES.map((t) => (
          <Anchor
            key={t.kind}
            component="button"
            type="button"
            size="sm"
            onClick={() =>
              void downloadRegisterTemplate(t.kind, t.file).catch((error: unknown) =>
                setFailure(getErrorMessage(error, 'Не удалось скачать шаблон')),
              )
            }
            data-testid={`import-template-${t.kind}`}
          >
            {t.label}
          </Anchor>
        ))}
      </Group>
      <FileInput
        label="Файл"
        placeholder="Выберите файл .fet, .xml или .xlsx"
        accept=".fet,.xml,.xlsx,application/xml,text/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
                {state.file_name} · {state.preview.academic_year}
                {state.preview.days !== null
                  ? ` · ${state.preview.days} дн. × ${state.preview.lessons_per_day} ур.`
                  : ''}
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
            <Hours preview={state.preview} />
            <Mappings
              preview={state.preview}
              editable={state.status === 'preview'}
              changes={changes}
              onChange={setChanges}
            />
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
