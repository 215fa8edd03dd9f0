import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { fullName, getErrorMessage, notify } from '@parta/shared';
import type { StudentParent } from '@parta/shared/domain/contracts/people';
import { useState } from 'react';
import { ResetPasswordPanel } from '../../accounts/ui/reset-password-panel';
import { useDetachParent } from '../api/detach-parent';
import { AddParentModal } from './add-parent-modal';

export interface ParentsPanelProps {
  studentId: number;
  parents: StudentParent[];
  /** Whether the caller may change them (students.edit). */
  editable: boolean;
}

/** «Родители» on the student card: who they are, how to reach them; add, link or unlink. */
export function ParentsPanel({ studentId, parents, editable }: ParentsPanelProps) {
  const detachParent = useDetachParent(studentId);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const detach = async (parent: StudentParent) => {
    setBusy(true);
    try {
      await detachParent.mutateAsync(parent.id);
      notify.success(`${fullName(parent)} больше не привязан(а) к ученику`, 'Родитель отвязан');
      setConfirming(null);
    } catch (error) {
      notify.error(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="parents-panel">
      <Group justify="space-between">
        <Title order={4}>Родители</Title>
        {editable ? (
          <Button size="xs" variant="light" onClick={() => setAdding(true)}>
            Добавить родителя
          </Button>
        ) : null}
      </Group>
      {parents.length === 0 ? (
        <Text c="dimmed" size="sm">
          Родители не привязаны
        </Text>
      ) : (
        parents.map((parent) => (
          <Group key={parent.id} justify="space-between" gap="xs" wrap="wrap" data-testid="parent-row">
            <Stack gap={4}>
              <div>
                <Text size="sm">{fullName(parent)}</Text>
                <Text size="xs" c="dimmed">
                  {[parent.phone, parent.login && `логин ${parent.login}`].filter(Boolean).join(' · ')}
                </Text>
              </div>
              {editable && parent.login ? (
                <ResetPasswordPanel
                  target={{ kind: 'parent', studentId, parentId: parent.id }}
                  recipient="родителю"
                  label="Выдать новый пароль"
                />
              ) : null}
            </Stack>
            {editable ? (
              confirming === parent.id ? (
                <Group gap={6}>
                  <Button size="xs" color="red" loading={busy} onClick={() => detach(parent)}>
                    Отвязать
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                    Отмена
                  </Button>
                </Group>
              ) : (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setConfirming(parent.id)}
                  aria-label={`Отвязать: ${fullName(parent)}`}
                >
                  Отвязать
                </Button>
              )
            ) : null}
          </Group>
        ))
      )}
      <AddParentModal studentId={studentId} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
