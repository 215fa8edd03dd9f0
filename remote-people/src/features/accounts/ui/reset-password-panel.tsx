import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { getErrorMessage } from '@parta/shared';
import { useState } from 'react';
import { type ResetPasswordTarget, useResetPassword } from '../api/reset-password';
import { OneTimePassword } from './one-time-password';

export interface ResetPasswordPanelProps {
  target: ResetPasswordTarget;
  /** Whom to hand the password to, in the dative: «сотруднику», «ученику», «родителю». */
  recipient: string;
  /** Button label; «Сбросить пароль» by default. */
  label?: string;
}

/**
 * «Сбросить пароль»: asks the server for a new one-time password and shows it once; it is gone
 * after leaving the page. A staff reset failure is only logged (SPEC §8); on the student card the
 * server's Russian reason is shown.
 */
export function ResetPasswordPanel({
  target,
  recipient,
  label = 'Сбросить пароль',
}: ResetPasswordPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const resetting = useResetPassword(target);
  const password = resetting.data?.data.password;

  const reset = () =>
    resetting.mutate(undefined, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        console.error('Ошибка сброса пароля:', error);
        if (target.kind !== 'staff') setFailure(getErrorMessage(error, 'Пароль не сброшен'));
      },
    });

  if (password) {
    return (
      <Alert color="emerald" title="Новый пароль" data-testid="new-password-alert">
        <Stack gap="xs">
          <OneTimePassword password={password} testId="new-password" size="lg" />
          <Text size="sm">
            Передайте его {recipient}: после ухода со страницы пароль больше не будет показан. Пароль
            одноразовый — при входе его попросят сменить.
          </Text>
        </Stack>
      </Alert>
    );
  }
  if (confirming) {
    return (
      <Stack gap="xs">
        <Group gap="sm">
          <Text size="sm">Старый пароль перестанет действовать. Сбросить?</Text>
          <Button color="red" size="xs" loading={resetting.isPending} onClick={reset}>
            Да, сбросить
          </Button>
          <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
            Отмена
          </Button>
        </Group>
        {failure ? <Alert color="red">{failure}</Alert> : null}
      </Stack>
    );
  }
  return (
    <Button
      variant="light"
      color="orange"
      size={target.kind === 'staff' ? 'sm' : 'xs'}
      w="fit-content"
      onClick={() => setConfirming(true)}
    >
      {label}
    </Button>
  );
}
