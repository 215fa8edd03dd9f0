import { Alert, Anchor, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  fullName,
  getErrorMessage,
  notify,
  PageTitle,
  useIdParam,
  useOrganizationOptions,
  usePermissions,
} from '@parta/shared';
import { Link } from 'react-router-dom';
import { ResetPasswordPanel } from '../features/accounts/ui/reset-password-panel';
import { useUser } from '../features/staff/api/get-user';
import { useUpdateUser } from '../features/staff/api/update-user';
import { StaffForm } from '../features/staff/ui/staff-form';
import { paths } from '../lib/paths';

/** Карточка сотрудника (user.edit): personal data, roles, active state, password reset. */
export function UserEditPage() {
  const id = useIdParam();
  const { can } = usePermissions();
  const user = useUser(id);
  const updateUser = useUpdateUser(id);
  const organizations = useOrganizationOptions();
  const editable = can('users.edit');

  if (!Number.isFinite(id) || user.error) {
    return <Alert color="red">{getErrorMessage(user.error, 'Сотрудник не найден')}</Alert>;
  }
  if (!user.data || !organizations.data) return <Loader />;

  return (
    <>
      <Anchor component={Link} to={paths.users} size="sm">
        ← Сотрудники
      </Anchor>
      <PageTitle description={user.data.login}>{fullName(user.data)}</PageTitle>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <StaffForm
            key={user.data.id}
            user={user.data}
            organizations={organizations.data}
            submitLabel="Сохранить"
            readOnly={!editable}
            readOnlyNote="Карточку сотрудника изменяет и пароль сбрасывает директор школы: право «Создание и изменение сотрудников, сброс пароля» в ролях."
            onSubmit={async (values) => {
              await updateUser.mutateAsync(values);
              notify.success('Изменения сохранены');
            }}
          />
        </Paper>
        {editable ? (
          <Paper withBorder p="md" radius="md">
            <Title order={4}>Пароль</Title>
            <Text size="sm" c="dimmed" mb="sm">
              Новый пароль будет показан один раз.
            </Text>
            <Divider mb="sm" />
            <ResetPasswordPanel target={{ kind: 'staff', userId: id }} recipient="сотруднику" />
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}
