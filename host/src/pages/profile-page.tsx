import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, fullName, PageTitle, usePermissions } from '@parta/shared';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from '../features/auth/ui/change-password-form';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{children || '—'}</Text>
    </div>
  );
}

/** The user's own data and account settings (SPEC §2 /profile). */
export function ProfilePage() {
  const { user } = usePermissions();
  return (
    <>
      <PageTitle>Мой профиль</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" data-testid="profile-data">
          <Title order={4} mb="md">
            Личные данные
          </Title>
          <Stack gap="sm">
            <Field label="ФИО">{fullName(user)}</Field>
            <Field label="Логин">{user?.login}</Field>
            <Field label="Эл. почта">{user?.email}</Field>
            <Field label="Телефон">{user?.phone}</Field>
            <Field label="Роли">{user?.roles.map((role) => role.name).join(', ')}</Field>
            <Field label="Организация">{user?.organization?.name}</Field>
            {user?.organization && user.organization.balance !== null ? (
              <Field label="Баланс организации">{formatMoney(user.organization.balance)}</Field>
            ) : null}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="md">
            Смена пароля
          </Title>
          <ChangePasswordForm />
        </Card>
      </SimpleGrid>
    </>
  );
}
