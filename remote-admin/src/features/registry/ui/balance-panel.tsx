import { Chip, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatDate, fullName, ListPager, notify, SaveForm, useFormSave } from '@parta/shared';
import {
  BALANCE_OPERATION_LABELS,
  BALANCE_OPERATIONS,
  type BalanceOperation,
  balanceOperationSchema,
  type RegistryOrganization,
} from '@parta/shared/domain/contracts/registry';
import { useState } from 'react';
import { useBalanceTransactions } from '../api/get-balance-transactions';
import { useRecordBalanceOperation } from '../api/record-balance-operation';
import { MoneyText } from './money-text';

interface FormValues {
  operation: BalanceOperation;
  amount: number | string;
  comment: string;
}

export interface BalancePanelProps {
  organization: RegistryOrganization;
}

/** Balance and bonuses of an organization: the four operations and their history. */
export function BalancePanel({ organization }: BalancePanelProps) {
  const [page, setPage] = useState(1);
  const history = useBalanceTransactions(organization.id, page);
  const record = useRecordBalanceOperation(organization.id);
  const form = useForm<FormValues>({
    initialValues: { operation: 'top_up', amount: '', comment: '' },
    validate: schemaResolver(balanceOperationSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const submit = form.onSubmit((values) =>
    save.run(async () => {
      await record.mutateAsync(balanceOperationSchema.parse(values));
      notify.success(`${BALANCE_OPERATION_LABELS[values.operation]}: готово`);
      form.setValues({ amount: '', comment: '' });
      setPage(1);
    }),
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 2 }} maw={480}>
        <div>
          <Text size="sm" c="dimmed">
            Баланс
          </Text>
          <MoneyText value={organization.balance} fz={22} fw={700} data-testid="card-balance" />
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Бонусы
          </Text>
          <MoneyText value={organization.bonus_balance} fz={22} fw={700} />
        </div>
      </SimpleGrid>
      <SaveForm
        save={save}
        onSubmit={submit}
        submitLabel="Провести"
        failureTitle="Операция не проведена"
        gap="sm"
        aria-label="Операция с балансом"
      >
        <Chip.Group {...form.getInputProps('operation')}>
          <Group gap="xs">
            {BALANCE_OPERATIONS.map((value) => (
              <Chip
                key={value}
                value={value}
                color={value.endsWith('add') || value === 'top_up' ? 'emerald' : 'red'}
              >
                {BALANCE_OPERATION_LABELS[value]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="Сумма, ₽"
            withAsterisk
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator=" "
            hideControls
            {...form.getInputProps('amount')}
            style={{ flex: '1 1 160px' }}
          />
          <TextInput
            label="Комментарий"
            withAsterisk
            placeholder="Например: оплата по счёту №125"
            {...form.getInputProps('comment')}
            style={{ flex: '3 1 260px' }}
          />
        </Group>
      </SaveForm>
      <Title order={4}>История операций</Title>
      {history.data && history.data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Операций пока не было.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Счёт</Table.Th>
                <Table.Th ta="right">Сумма</Table.Th>
                <Table.Th>Комментарий</Table.Th>
                <Table.Th>Кто провёл</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(history.data?.data ?? []).map((row) => (
                <Table.Tr key={row.id} data-testid="balance-history-row">
                  <Table.Td>{formatDate(row.created_at)}</Table.Td>
                  <Table.Td>{row.kind === 'balance' ? 'Баланс' : 'Бонусы'}</Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.amount} c={row.amount < 0 ? 'red' : 'emerald'} />
                  </Table.Td>
                  <Table.Td>{row.comment}</Table.Td>
                  <Table.Td>{row.created_by ? fullName(row.created_by) : 'Система'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager meta={history.data?.meta} onChange={setPage} />
    </Stack>
  );
}
