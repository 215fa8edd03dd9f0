import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { classOptions, getErrorMessage, useGroups } from '@parta/shared';
import type { KtpApplyResult, KtpPlan } from '@parta/shared/domain/contracts/ktp';
import { useState } from 'react';
import { useApplyKtp } from '../api/apply-ktp';

export interface ApplyKtpModalProps {
  plan: KtpPlan;
  opened: boolean;
  onClose: () => void;
}

/** Fills the class's lessons with the plan; shows planned vs given hours and lessons left without a topic. */
export function ApplyKtpModal({ plan, opened, onClose }: ApplyKtpModalProps) {
  const groups = useGroups();
  const apply = useApplyKtp(plan.id);
  const [overwrite, setOverwrite] = useState(false);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [result, setResult] = useState<KtpApplyResult | null>(null);
  const close = () => {
    setResult(null);
    apply.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Применить КТП к урокам">
      <Stack>
        <Text size="sm">
          Темы и домашние задания встанут в уроки {plan.group_name ?? 'выбранного класса'} по предмету «
          {plan.subject_name}» по порядку: тема на N часов займёт N уроков, каникулы и отменённые уроки
          пропускаются.
        </Text>
        {plan.group_id === null ? (
          <Select
            label="Класс параллели"
            data={classOptions((groups.data?.groups ?? []).filter((group) => group.number === plan.grade))}
            value={groupId}
            onChange={setGroupId}
          />
        ) : null}
        <Checkbox
          label="Заменить и темы, введённые учителем вручную"
          checked={overwrite}
          onChange={(event) => setOverwrite(event.currentTarget.checked)}
        />
        {apply.error ? (
          <Alert color="red">{getErrorMessage(apply.error, 'Не удалось применить план')}</Alert>
        ) : null}
        {result ? (
          <Table data-testid="ktp-apply-result" fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Часов по плану</Table.Td>
                <Table.Td ta="right">{result.planned_hours.toLocaleString('ru-RU')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Уроков с темой из плана</Table.Td>
                <Table.Td ta="right">{result.given_hours}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Часов плана не хватило уроков</Table.Td>
                <Table.Td ta="right">{result.hours_without_lesson}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Уроков осталось без темы</Table.Td>
                <Table.Td ta="right">{result.lessons_without_topic}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {result ? 'Готово' : 'Отмена'}
          </Button>
          {result ? null : (
            <Button
              loading={apply.isPending}
              disabled={plan.group_id === null && !groupId}
              onClick={() =>
                apply.mutate(
                  { overwrite, group_id: groupId ? Number(groupId) : undefined },
                  { onSuccess: (answer) => setResult(answer) },
                )
              }
            >
              Применить
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
