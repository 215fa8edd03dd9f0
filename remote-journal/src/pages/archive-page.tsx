import { Button, Group, Paper, Select, Text } from '@mantine/core';
import {
  getErrorMessage,
  notify,
  PageTitle,
  periodOptions,
  QueryView,
  useOrganizationOptions,
  usePeriods,
  usePermissions,
} from '@parta/shared';
import { useState } from 'react';
import { downloadArchiveZip } from '../features/archive/api/download-archive';
import { useArchive } from '../features/archive/api/get-archive';
import { useStartArchiveBuild } from '../features/archive/api/start-archive-build';
import { ArchiveBuildStatus } from '../features/archive/ui/archive-build-status';
import { ArchiveRegisterTable } from '../features/archive/ui/archive-register-table';
import { YearChangeModal } from '../features/year-change/ui/year-change-modal';

/**
 * Архив года (issue 40): the class journals of a year (or a closed term) as PDF, built in the
 * background for the whole school, and the register of every file made, with its checksum; and the
 * year's last step, «Новый учебный год», once the archive is made.
 */
export function ArchivePage() {
  const { can } = usePermissions();
  const periods = usePeriods();
  // A school with a branch has two «год» periods: the organization's name tells them apart.
  const organizations = useOrganizationOptions();
  // The year itself and the closed terms: an open term is not archived.
  const choices = (periods.data ?? []).filter((period) => period.kind === 'year' || period.closed);
  const [chosen, setChosen] = useState<number | null>(null);
  const periodId = chosen ?? choices.find((period) => period.kind === 'year')?.id;
  const archive = useArchive(periodId);
  const start = useStartArchiveBuild();
  const [zipping, setZipping] = useState(false);
  const [yearChange, setYearChange] = useState(false);
  const running = archive.data?.build?.status === 'queued' || archive.data?.build?.status === 'running';

  const build = async () => {
    if (periodId === undefined) return;
    try {
      await start.mutateAsync({ period_id: periodId });
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось начать формирование архива'));
    }
  };
  const zip = async () => {
    if (periodId === undefined) return;
    setZipping(true);
    try {
      await downloadArchiveZip(periodId);
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось скачать архив'));
    } finally {
      setZipping(false);
    }
  };

  return (
    <>
      <PageTitle description="Классные журналы и сводная ведомость итоговых оценок в PDF/A: журналы хранятся 5 лет, ведомость — 25 лет">
        Архив года
      </PageTitle>
      <Group align="flex-end" gap="sm" mb="md">
        <Select
          label="Учебный год или закрытый период"
          placeholder="Выберите период"
          data={periodOptions(choices, organizations.data ?? [], true)}
          value={periodId ? String(periodId) : null}
          onChange={(value) => value && setChosen(Number(value))}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          data-testid="archive-period"
        />
        {can('periods.edit') && (
          <Button onClick={build} loading={start.isPending} disabled={periodId === undefined || running}>
            Сформировать архив
          </Button>
        )}
        <Button
          variant="default"
          onClick={zip}
          loading={zipping}
          disabled={!archive.data || archive.data.files.length === 0}
        >
          Скачать всё (zip)
        </Button>
        {can('periods.edit') && (
          <Button variant="light" onClick={() => setYearChange(true)} ml={{ xs: 'auto' }}>
            Новый учебный год
          </Button>
        )}
      </Group>
      <YearChangeModal opened={yearChange} onClose={() => setYearChange(false)} />
      <QueryView query={archive} errorText="Не удалось загрузить реестр архива">
        {(data) => (
          <>
            {data.build && <ArchiveBuildStatus build={data.build} />}
            <Paper withBorder p="md">
              <Text fw={600} mb="sm">
                Реестр архива
              </Text>
              {data.files.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Файлов за этот период пока нет
                </Text>
              ) : (
                <ArchiveRegisterTable files={data.files} />
              )}
            </Paper>
          </>
        )}
      </QueryView>
    </>
  );
}
