import { Alert, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { formatDate, getErrorMessage, PageTitle, QueryView, useIdParam, usePeriods } from '@parta/shared';
import type { ApplyResult } from '@parta/shared/domain/contracts/timetable';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApplyPreview, useApplyTemplate } from '../features/timetable/api/apply-template';
import { useTemplate } from '../features/timetable/api/get-template';
import { ApplySummary } from '../features/timetable/ui/apply-summary';
import { paths } from '../lib/paths';

/**
 * timetable.create: applies a template from a period's start to the end of the school year, for every
 * class of the template — dated lessons without the holidays. Past lessons
 * and lessons with marks, attendance, a typed topic or homework or a one-off change are never
 * rewritten. Choosing the period first shows what applying will do (a dry run); «Применить» confirms.
 */
export function TimetableCreatePage() {
  const id = useIdParam();
  const template = useTemplate(Number.isNaN(id) ? null : id);
  const organizationId = template.data?.organization_id;
  const periods = usePeriods(organizationId, organizationId !== undefined);
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [result, setResult] = useState<ApplyResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const applyTemplate = useApplyTemplate(id);
  const preview = useApplyPreview(id, result ? null : periodId === null ? null : Number(periodId));

  if (template.error) return <Alert color="red">{getErrorMessage(template.error, 'Шаблон не найден')}</Alert>;
  if (!template.data || !periods.data) return <Loader />;

  return (
    <>
      <PageTitle description={`Шаблон «${template.data.name}»`}>Составление расписания</PageTitle>
      <Paper withBorder p="md" radius="md" maw={640}>
        <Stack>
          <Select
            label="Период"
            placeholder="Выберите период"
            data={periods.data
              .filter((period) => period.organization_id === template.data!.organization_id)
              .map((period) => ({
                value: String(period.id),
                label: `${period.name} (${formatDate(period.start_date)} – ${formatDate(period.end_date)})`,
              }))}
            value={periodId}
            onChange={(value) => {
              setPeriodId(value);
              setResult(null);
              setFailure(null);
            }}
          />
          <Text size="sm" c="dimmed">
            Расписание меняется с начала выбранного периода (не раньше сегодняшнего дня) до конца учебного
            года для всех классов шаблона — и тех, что учатся по четвертям, и тех, что по полугодиям; каникулы
            пропускаются. Уроки, где есть только тема из КТП, переносятся по новому расписанию, а темы КТП
            раскладываются заново по порядку. Уроки с оценками, посещаемостью, темой или д/з учителя или
            разовыми изменениями не меняются.
          </Text>
          {failure ? <Alert color="red">{failure}</Alert> : null}
          {periodId !== null && !result ? (
            <QueryView query={preview} errorText="Не удалось посчитать, что изменится">
              {(data) => <ApplySummary result={data} />}
            </QueryView>
          ) : null}
          {result ? <ApplySummary result={result} /> : null}
          <Group justify="space-between">
            <Button variant="subtle" component={Link} to={paths.timetable}>
              К расписанию
            </Button>
            <Button
              disabled={!periodId || !preview.data || result !== null}
              loading={running}
              onClick={async () => {
                setFailure(null);
                setRunning(true);
                try {
                  setResult(await applyTemplate.mutateAsync({ period_id: Number(periodId) }));
                } catch (error) {
                  setFailure(getErrorMessage(error));
                } finally {
                  setRunning(false);
                }
              }}
            >
              Применить
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
