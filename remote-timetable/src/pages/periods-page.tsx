import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  EditorModal,
  formatDate,
  getErrorMessage,
  MissingFinalMarksList,
  notify,
  PageTitle,
  useItemEditor,
  usePeriods,
  usePermissions,
} from '@parta/shared';
import {
  type Holiday,
  type MissingFinalMarks,
  PERIOD_KINDS,
  type Period,
} from '@parta/shared/domain/contracts/timetable';
import { useState } from 'react';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { useCreateHoliday } from '../features/periods/api/create-holiday';
import { useDeleteHoliday } from '../features/periods/api/delete-holiday';
import { useHolidays } from '../features/periods/api/get-holidays';
import { useSavePeriod } from '../features/periods/api/save-period';
import { useSetPeriodClosed } from '../features/periods/api/set-period-closed';
import { HolidayForm } from '../features/periods/ui/holiday-form';
import { PeriodForm } from '../features/periods/ui/period-form';

const range = (item: { start_date: string; end_date: string }) =>
  item.start_date === item.end_date
    ? formatDate(item.start_date)
    : `${formatDate(item.start_date)} – ${formatDate(item.end_date)}`;

const gradesLabel = (grades: number[]) =>
  grades.length === 0
    ? 'вся школа'
    : grades.length > 1 && grades.at(-1)! - grades[0] === grades.length - 1
      ? `${grades[0]}–${grades.at(-1)} кл.`
      : `${grades.join(', ')} кл.`;

/** Периоды (periods.index): четверти / триместры / полугодия per grade range, and каникулы. */
export function PeriodsPage() {
  const { can } = usePermissions();
  const { organizationId, select } = useOrganizationChoice();
  const periods = usePeriods(organizationId, organizationId !== undefined);
  const holidays = useHolidays(organizationId);
  const periodEditor = useItemEditor<Period>();
  // Holidays are only added (and deleted from the list), never edited.
  const holidayEditor = useItemEditor<Holiday>();
  const editable = can('periods.edit');
  const savePeriod = useSavePeriod();
  const setPeriodClosed = useSetPeriodClosed();
  const createHoliday = useCreateHoliday();
  const deleteHoliday = useDeleteHoliday();
  const academicYear = periods.data?.at(-1)?.academic_year ?? '2026/2027';
  // The final marks the period just closed lacks (the close answer), shown until dismissed.
  const [missing, setMissing] = useState<MissingFinalMarks | null>(null);

  const toggle = async (period: Period) => {
    try {
      const answer = await setPeriodClosed.mutateAsync({ id: period.id, closed: !period.closed });
      const lacking = 'missing_final_marks' in answer ? answer.missing_final_marks : null;
      setMissing(lacking && lacking.total > 0 ? lacking : null);
      if (lacking && lacking.total > 0)
        notify.info(`Не выставлено итоговых оценок: ${lacking.total}`, 'Период закрыт');
      else notify.success(period.closed ? 'Период открыт' : 'Период закрыт');
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      notify.success(message);
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  return (
    <>
      <PageTitle
        description="Закрытый период — журнал только для чтения"
        actions={
          editable ? (
            <>
              <Button onClick={periodEditor.openNew}>Добавить период</Button>
              <Button variant="light" onClick={holidayEditor.openNew}>
                Добавить каникулы
              </Button>
            </>
          ) : undefined
        }
      >
        Учебные периоды
      </PageTitle>
      {periods.error || holidays.error ? (
        <Alert color="red">
          {getErrorMessage(periods.error ?? holidays.error, 'Не удалось загрузить периоды')}
        </Alert>
      ) : !periods.data || !holidays.data ? (
        <Loader />
      ) : (
        <Stack>
          {select}
          {missing ? (
            <Alert
              color="yellow"
              withCloseButton
              closeButtonLabel="Скрыть"
              onClose={() => setMissing(null)}
              title={`«${missing.period_name}» закрыт без ${missing.total} итоговых оценок`}
              data-testid="missing-final-marks"
            >
              <MissingFinalMarksList missing={missing} />
            </Alert>
          ) : null}
          <Paper withBorder p="md" radius="md">
            {/* 336 px of a 390 px phone are the paper's inside: no sideways scroll there. */}
            <Table.ScrollContainer minWidth={300}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Период</Table.Th>
                    <Table.Th visibleFrom="sm">Даты</Table.Th>
                    <Table.Th visibleFrom="sm">Классы</Table.Th>
                    <Table.Th ta="right">Журнал</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {periods.data.map((period) => (
                    <Table.Tr key={period.id} data-testid="period-row">
                      <Table.Td>
                        {editable ? (
                          <Anchor
                            component="button"
                            fw={500}
                            ta="left"
                            onClick={() => periodEditor.open(period)}
                          >
                            {period.name}
                          </Anchor>
                        ) : (
                          <Text fw={500}>{period.name}</Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {PERIOD_KINDS[period.kind]}
                        </Text>
                        {/* On a phone the dates go under the name: four columns cut «Журнал» to «Ж» and
                            its badges to «за…» / «от…» at 390 px. */}
                        <Text size="sm" hiddenFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                          {range(period)}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                        {range(period)}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{gradesLabel(period.grades)}</Table.Td>
                      <Table.Td ta="right">
                        {/* The badge and its button side by side, or one above the other where narrow. */}
                        <Group gap={6} justify="flex-end">
                          <Badge
                            color={period.closed ? 'gray' : 'emerald'}
                            variant="light"
                            style={{ flexShrink: 0 }}
                          >
                            {period.closed ? 'закрыт' : 'открыт'}
                          </Badge>
                          {editable && period.year_closed ? (
                            <Text
                              size="xs"
                              c="dimmed"
                              title={`Учебный год ${period.academic_year} закрыт «Новым учебным годом»: его периоды не открываются`}
                            >
                              год закрыт
                            </Text>
                          ) : editable ? (
                            <Button size="compact-xs" variant="subtle" onClick={() => toggle(period)}>
                              {period.closed ? 'Открыть' : 'Закрыть'}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              Каникулы и выходные дни
            </Title>
            <Table>
              <Table.Tbody>
                {holidays.data.map((holiday) => (
                  <Table.Tr key={holiday.id} data-testid="holiday-row">
                    <Table.Td>{holiday.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{range(holiday)}</Table.Td>
                    <Table.Td visibleFrom="sm">{gradesLabel(holiday.grades)}</Table.Td>
                    {editable ? (
                      <Table.Td ta="right">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Удалить ${holiday.name}`}
                          onClick={() => run(() => deleteHoliday.mutateAsync(holiday.id), 'Каникулы удалены')}
                        >
                          ✕
                        </ActionIcon>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </Stack>
      )}
      <EditorModal editor={periodEditor} title="Учебный период">
        {(period) => (
          <PeriodForm
            period={period}
            academicYear={academicYear}
            onSubmit={async (input) => {
              await savePeriod.mutateAsync({
                input: { ...input, organization_id: organizationId },
                id: period?.id,
              });
              notify.success('Период сохранён');
              periodEditor.close();
            }}
          />
        )}
      </EditorModal>
      <EditorModal editor={holidayEditor} title="Каникулы">
        {() => (
          <HolidayForm
            academicYear={academicYear}
            onSubmit={async (input) => {
              await createHoliday.mutateAsync({ ...input, organization_id: organizationId });
              notify.success('Каникулы добавлены');
              holidayEditor.close();
            }}
          />
        )}
      </EditorModal>
    </>
  );
}
