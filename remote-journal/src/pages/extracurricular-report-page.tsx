import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  getErrorMessage,
  notify,
  PageTitle,
  QueryView,
  schoolToday,
  useGroups,
  usePermissions,
} from '@parta/shared';
import type { HoursReport } from '@parta/shared/domain/contracts/extracurricular';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadHoursReport, useHoursReport, usePlan, useSavePlan } from '../features/extracurricular';

/** 1 September of the school year holding `today`. */
function yearStart(today: string): string {
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 9 ? 1 : 0);
  return `${year}-09-01`;
}

function PlanEditor({ groupId, report }: { groupId: number; report: HoursReport }) {
  const plan = usePlan(groupId);
  const save = useSavePlan(groupId);
  const [draft, setDraft] = useState<Record<string, number | string>>({});
  const { can } = usePermissions();
  const rows = report.plan ?? [];
  const directions = [
    ...new Set([...rows.map((row) => row.direction), ...report.directions.map((row) => row.direction)]),
  ];
  if (!plan.data) return null;
  const value = (direction: string) =>
    draft[direction] ?? plan.data.items.find((item) => item.direction === direction)?.hours ?? 0;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        План класса {plan.data.group_name} на год
      </Title>
      <Table withTableBorder fz="sm" data-testid="class-plan">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Направление</Table.Th>
            <Table.Th ta="center">По плану, ч</Table.Th>
            <Table.Th ta="center">В среднем у ученика, ч</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {directions.map((direction) => (
            <Table.Tr key={direction}>
              <Table.Td>{direction}</Table.Td>
              <Table.Td ta="center" w={120}>
                {can('loads.edit') ? (
                  <NumberInput
                    aria-label={`План: ${direction}`}
                    size="xs"
                    min={0}
                    max={400}
                    value={value(direction)}
                    onChange={(next) => setDraft({ ...draft, [direction]: next })}
                  />
                ) : (
                  value(direction)
                )}
              </Table.Td>
              <Table.Td ta="center">{rows.find((row) => row.direction === direction)?.average ?? 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {can('loads.edit') ? (
        <Group>
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                {
                  items: directions
                    .map((direction) => ({ direction, hours: Number(value(direction)) || 0 }))
                    .filter((item) => item.hours > 0),
                },
                {
                  onSuccess: () => notify.success('План сохранён'),
                  onError: (error) => notify.error(getErrorMessage(error)),
                },
              )
            }
          >
            Сохранить план
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Часы внеурочной деятельности: per pupil and direction for a period, a class against its plan; .xlsx. */
export function ExtracurricularReportPage() {
  const [today] = useState(schoolToday);
  const [from, setFrom] = useState(() => yearStart(today));
  const [to, setTo] = useState(today);
  const [groupId, setGroupId] = useState<number | null>(null);
  const groups = useGroups();
  const request = { from, to, ...(groupId ? { group_id: groupId } : {}) };
  const report = useHoursReport(request);
  const [downloading, setDownloading] = useState(false);

  return (
    <>
      <PageTitle
        description="Одно посещённое занятие — один час"
        actions={
          <Button
            variant="light"
            loading={downloading}
            data-testid="hours-xlsx"
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadHoursReport(request);
              } catch (error) {
                notify.error(getErrorMessage(error), 'Не удалось скачать отчёт');
              } finally {
                setDownloading(false);
              }
            }}
          >
            Скачать .xlsx
          </Button>
        }
      >
        Часы внеурочной деятельности
      </PageTitle>
      <Text size="sm" mb="sm">
        <Link to="/journal/extracurricular">← Курсы</Link>
      </Text>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md">
          <DatePickerInput
            label="С"
            valueFormat="DD.MM.YY"
            value={from}
            onChange={(value) => value && setFrom(value)}
          />
          <DatePickerInput
            label="По"
            valueFormat="DD.MM.YY"
            value={to}
            onChange={(value) => value && setTo(value)}
          />
          <Select
            label="Класс"
            placeholder="Вся школа"
            clearable
            searchable
            data={(groups.data?.groups ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
            value={groupId ? String(groupId) : null}
            onChange={(value) => setGroupId(value ? Number(value) : null)}
          />
        </SimpleGrid>
        <QueryView query={report} errorText="Не удалось построить отчёт">
          {(data) => (
            <Stack>
              {groupId ? <PlanEditor key={groupId} groupId={groupId} report={data} /> : null}
              <Title order={3} size="h5">
                По направлениям
              </Title>
              {data.directions.length === 0 ? (
                <Text c="dimmed" size="sm">
                  За период посещённых занятий нет
                </Text>
              ) : (
                <Table withTableBorder fz="sm" data-testid="hours-directions">
                  <Table.Tbody>
                    {data.directions.map((row) => (
                      <Table.Tr key={row.direction}>
                        <Table.Td>{row.direction}</Table.Td>
                        <Table.Td ta="right">{row.hours} ч</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Title order={3} size="h5">
                По ученикам
              </Title>
              <Table.ScrollContainer minWidth={340}>
                <Table striped withTableBorder fz="sm" data-testid="hours-students">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Ученик</Table.Th>
                      <Table.Th>Класс</Table.Th>
                      <Table.Th ta="center">Часов</Table.Th>
                      <Table.Th>По направлениям</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.students.map((row) => (
                      <Table.Tr key={row.student_id}>
                        <Table.Td>{row.name}</Table.Td>
                        <Table.Td>{row.group_name ?? ''}</Table.Td>
                        <Table.Td ta="center">{row.hours}</Table.Td>
                        <Table.Td>
                          {row.directions.map((item) => `${item.direction}: ${item.hours}`).join('; ')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
        </QueryView>
      </Paper>
    </>
  );
}
