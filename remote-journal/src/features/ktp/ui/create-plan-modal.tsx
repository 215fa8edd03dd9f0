import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { getErrorMessage, getFieldErrors, useClassLabels, useLoads, usePermissions } from '@parta/shared';
import { useMemo, useState } from 'react';
import { useCreateKtpPlan } from '../api/create-ktp-plan';
import { planTargets } from '../model/plan-targets';

export interface CreatePlanModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}

/**
 * A new plan for a class or a whole parallel of one subject: a teacher picks among their own load,
 * завуч among all.
 */
export function CreatePlanModal({ opened, onClose, onCreated }: CreatePlanModalProps) {
  const { user, can } = usePermissions();
  const ownOnly = !can('loads.edit');
  const loads = useLoads(ownOnly ? { teacher_id: user?.id } : {}, opened && Boolean(user));
  const create = useCreateKtpPlan();
  const [targetValue, setTargetValue] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [year, setYear] = useState('2026/2027');
  const classLabels = useClassLabels(loads.data ?? []);
  const targets = useMemo(
    () => planTargets(loads.data ?? [], !ownOnly, classLabels),
    [loads.data, ownOnly, classLabels],
  );
  const target = targets.flatMap((group) => group.items).find((item) => item.value === targetValue);
  const errors = create.error ? getFieldErrors(create.error) : {};

  return (
    <Modal opened={opened} onClose={onClose} title="Новый план КТП">
      <Stack>
        {create.error && Object.keys(errors).length === 0 ? (
          <Alert color="red">{getErrorMessage(create.error, 'Не удалось создать план')}</Alert>
        ) : null}
        <Select
          label="Класс и предмет"
          placeholder="Класс или вся параллель"
          description="Параллель — один план для всех классов, где вы ведёте предмет"
          searchable
          data={targets.map((group) => ({
            group: group.group,
            items: group.items.map((item) => ({ value: item.value, label: item.label })),
          }))}
          value={targetValue}
          onChange={(value) => {
            const previous = target;
            setTargetValue(value);
            const picked = targets.flatMap((group) => group.items).find((item) => item.value === value);
            // The suggested name follows the choice until the teacher types their own.
            if (picked && (!name || name === previous?.name)) setName(picked.name);
          }}
          error={errors.group_id ?? errors.grade ?? errors.subject_id}
          data-testid="ktp-load"
        />
        <TextInput
          label="Название"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Учебный год"
          value={year}
          onChange={(event) => setYear(event.currentTarget.value)}
          error={errors.academic_year}
        />
        <Group justify="flex-end">
          <Button
            disabled={!target}
            loading={create.isPending}
            onClick={() => {
              if (!target) return;
              create.mutate(
                { name, academic_year: year, ...target.plan },
                { onSuccess: (plan) => onCreated(plan.id) },
              );
            }}
          >
            Создать
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
