import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { classOptions, getErrorMessage, notify, useGroups } from '@parta/shared';
import type { KtpPlan } from '@parta/shared/domain/contracts/ktp';
import { useState } from 'react';
import { useCopyKtpPlan } from '../api/copy-ktp-plan';

export interface CopyPlanModalProps {
  plan: KtpPlan;
  opened: boolean;
  onClose: () => void;
  onCopied: (id: number) => void;
}

/** Copies the plan's items to another class of the same parallel. */
export function CopyPlanModal({ plan, opened, onClose, onCopied }: CopyPlanModalProps) {
  const groups = useGroups();
  const copy = useCopyKtpPlan(plan.id);
  const [groupId, setGroupId] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Копировать план в другой класс">
      <Stack>
        <Select
          label={`Класс (${plan.grade}-е классы)`}
          data={classOptions(
            (groups.data?.groups ?? []).filter(
              (group) => group.number === plan.grade && group.id !== plan.group_id,
            ),
          )}
          value={groupId}
          onChange={setGroupId}
        />
        {copy.error ? (
          <Alert color="red">{getErrorMessage(copy.error, 'Не удалось скопировать план')}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            disabled={!groupId}
            loading={copy.isPending}
            onClick={() =>
              copy.mutate(Number(groupId), {
                onSuccess: (created) => {
                  notify.success(`План скопирован в ${created.group_name}`);
                  onCopied(created.id);
                },
              })
            }
          >
            Копировать
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
