import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useLogout, usePermissions } from '@parta/shared';
import { useState } from 'react';
import { takeOneTimePassword } from '../features/auth/model/one-time-password';
import { ChangePasswordForm } from '../features/auth/ui/change-password-form';

/**
 * The only screen of a session whose password was given by someone else (a new account or a reset):
 * the server answers 403 to everything but this change, so nothing else opens until it is done.
 */
export function PasswordChangePage() {
  const { user, reload } = usePermissions();
  const logout = useLogout();
  // Just typed on the sign-in page: not asked for again (held in memory, so a reload asks for it).
  const [oneTime] = useState(takeOneTimePassword);
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="md" data-testid="password-change-page">
          <div>
            <Text fw={800} fz={26} c="emerald">
              Parta
            </Text>
            <Title order={1} fz={22} mt={4}>
              Смените пароль
            </Title>
          </div>
          <Text size="sm">
            {user ? `${user.name} ${user.surname}, в` : 'В'}ы вошли с одноразовым паролем, который вам выдали
            в школе. Придумайте свой пароль: после смены откроются все разделы.
          </Text>
          <ChangePasswordForm
            currentLabel="Одноразовый пароль"
            currentPassword={oneTime}
            onChanged={() => void reload()}
          />
          <Button variant="subtle" color="gray" onClick={() => void logout()}>
            Выйти
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
