import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { getErrorMessage, getFieldErrors, useLoads, usePermissions } from '@parta/shared';
import { useState } from 'react';
import { useCreateKtpPlan } from '../api/create-ktp-plan';

export interface CreatePlanModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}

/** A new plan for one load line: a teacher picks among their own, завуч among all. */
export function CreatePlanModal({ opened, onClose, onCreated }: CreatePlanModalProps) {
  const { user, can } = usePermissions();
  const ownOnly = !can('loads.edit');
  const loads = useLoads(ownOnly ? { teacher_id: user?.id } : {}, opened && Boolean(user));
  const create = useCreateKtpPlan();
  const [loadId, setLoadId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [year, setYear] = useState('2026/2027');
  const load = loads.data?.find((item) => String(item.id) === loadId);
  const errors = create.error ? getFieldErrors(create.error) : {};

  return (
    <Modal opened={opened} onClose={onClose} title="Новый план КТП">
      <Stack>
        {create.error && Object.keys(errors).length === 0 ? (
          <Alert color="red">{getErrorMessage(create.error, 'Не удалось создать план')}</Alert>
        ) : null}
        <Select
          label="Класс и предмет"
          placeholder="Строка нагрузки"
          searchable
          data={(loads.data ?? []).map((item) => ({
            value: String(item.id),
            label: `${item.group_name}${item.subgroup_name ? ` (${item.subgroup_name})` : ''} · ${item.subject_name}${ownOnly ? '' : ` · ${item.teacher_name ?? 'без учителя'}`}`,
          }))}
          value={loadId}
          onChange={(value) => {
            setLoadId(value);
            const picked = loads.data?.find((item) => String(item.id) === value);
            if (picked && !name) setName(`${picked.subject_name}, ${picked.group_name}`);
          }}
          error={errors.group_id ?? errors.subject_id}
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
            disabled={!load}
            loading={create.isPending}
            onClick={() => {
              if (!load) return;
              create.mutate(
                {
                  name,
                  academic_year: year,
                  teacher_id: load.teacher_id,
                  subject_id: load.subject_id,
                  group_id: load.group_id,
                },
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
