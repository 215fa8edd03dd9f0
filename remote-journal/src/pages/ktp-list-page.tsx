import { Anchor, Button, Group, Paper, Select, Table } from '@mantine/core';
import { PageTitle, QueryView, usePeriods, usePermissions } from '@parta/shared';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useKtpPlans } from '../features/ktp/api/get-ktp-plans';
import { CreatePlanModal } from '../features/ktp/ui/create-plan-modal';

/**
 * The school's academic years, newest first, and the one the list opens on: the newest with a period
 * still open (after «Новый учебный год», the new year, whose plans were carried over), else the newest.
 */
function academicYears(periods: Period[] | undefined) {
  const years = [...new Set((periods ?? []).map((period) => period.academic_year))].sort().reverse();
  const open = years.find((year) =>
    (periods ?? []).some((period) => period.academic_year === year && !period.closed),
  );
  return { years, current: open ?? years[0] ?? null };
}

/** КТП (ktp.index): the school's plans by subject and class, of one academic year. */
export function KtpListPage() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const periods = usePeriods();
  const { years, current } = useMemo(() => academicYears(periods.data), [periods.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const year = chosen ?? current;
  const plans = useKtpPlans(year, !periods.isPending);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageTitle
        description="Календарно-тематическое планирование: темы, часы и домашние задания по порядку"
        actions={can('ktp.edit') ? <Button onClick={() => setCreating(true)}>Новый план</Button> : undefined}
      >
        КТП
      </PageTitle>
      {years.length > 1 ? (
        <Group mb="sm">
          <Select
            label="Учебный год"
            data={years}
            value={year}
            onChange={(value) => value && setChosen(value)}
            allowDeselect={false}
            w={180}
            data-testid="ktp-year"
          />
        </Group>
      ) : null}
      <Paper withBorder radius="md" p="xs">
        <QueryView
          query={plans}
          errorText="Не удалось загрузить планы"
          empty={year ? `Планов на ${year} учебный год нет` : 'Планов пока нет'}
        >
          {(list) => (
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover fz="sm" data-testid="ktp-plans">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>План</Table.Th>
                    <Table.Th>Класс</Table.Th>
                    <Table.Th>Предмет</Table.Th>
                    <Table.Th>Учитель</Table.Th>
                    <Table.Th ta="right">Тем</Table.Th>
                    <Table.Th ta="right">Часов</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((plan) => (
                    <Table.Tr key={plan.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/ktp/${plan.id}`} fz="sm">
                          {plan.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {plan.group_name ?? `${plan.grade}-е классы`}
                      </Table.Td>
                      <Table.Td>{plan.subject_name}</Table.Td>
                      <Table.Td>{plan.teacher_name ?? '—'}</Table.Td>
                      <Table.Td ta="right">{plan.items_count}</Table.Td>
                      <Table.Td ta="right">{plan.hours_total.toLocaleString('ru-RU')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryView>
      </Paper>
      <CreatePlanModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => navigate(`/ktp/${id}`)}
      />
    </>
  );
}
