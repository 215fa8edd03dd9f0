import { Anchor, Button, Paper, Table } from '@mantine/core';
import { PageTitle, QueryView, usePermissions } from '@parta/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useKtpPlans } from '../features/ktp/api/get-ktp-plans';
import { CreatePlanModal } from '../features/ktp/ui/create-plan-modal';

/** КТП (ktp.index): the school's plans by subject and class. */
export function KtpListPage() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const plans = useKtpPlans();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageTitle
        description="Календарно-тематическое планирование: темы, часы и домашние задания по порядку"
        actions={can('ktp.edit') ? <Button onClick={() => setCreating(true)}>Новый план</Button> : undefined}
      >
        КТП
      </PageTitle>
      <Paper withBorder radius="md" p="xs">
        <QueryView query={plans} errorText="Не удалось загрузить планы" empty="Планов пока нет">
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
