import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useResetPassword } from '../api/reset-password';

export interface ResetPasswordPanelProps {
  userId: number;
}

/**
 * «Сбросить пароль»: asks the server for a new password and shows it once; it is gone after leaving
 * the page. A failure is only logged and shows nothing (SPEC §8).
 */
export function ResetPasswordPanel({ userId }: ResetPasswordPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const resetting = useResetPassword(userId);
  const password = resetting.data?.data.password;

  const reset = () =>
    resetting.mutate(undefined, {
      onSuccess: () => setConfirming(false),
      // SPEC §8: no message to the user
      onError: (error) => console.error('Ошибка сброса пароля:', error),
    });

  if (password) {
    return (
      <Alert color="emerald" title="Новый пароль" data-testid="new-password-alert">
        <Stack gap="xs">
          <Group gap="sm">
            <Code fz="lg" data-testid="new-password">
              {password}
            </Code>
            <CopyButton value={password}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Скопировано' : 'Копировать'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            Передайте его сотруднику: после ухода со страницы пароль больше не будет показан.
          </Text>
        </Stack>
      </Alert>
    );
  }
  if (confirming) {
    return (
      <Group gap="sm">
        <Text size="sm">Старый пароль перестанет действовать. Сбросить?</Text>
        <Button color="red" size="xs" loading={resetting.isPending} onClick={reset}>
          Да, сбросить
        </Button>
        <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
          Отмена
        </Button>
      </Group>
    );
  }
  return (
    <Button variant="light" color="orange" onClick={() => setConfirming(true)}>
      Сбросить пароль
    </Button>
  );
}
