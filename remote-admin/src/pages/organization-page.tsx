import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { fullName, getErrorMessage, notify, PageTitle, useIdParam } from '@parta/shared';
import { ORGANIZATION_STATUS_LABELS } from '@parta/shared/domain/contracts/registry';
import { Link } from 'react-router-dom';
import { useDictionaries } from '../features/registry/api/get-dictionaries';
import { useOrganization } from '../features/registry/api/get-organization';
import { useSetOrganizationStatus } from '../features/registry/api/set-organization-status';
import { useUpdateOrganization } from '../features/registry/api/update-organization';
import { BalancePanel } from '../features/registry/ui/balance-panel';
import { OrganizationForm } from '../features/registry/ui/organization-form';
import { StatusBadge } from '../features/registry/ui/status-badge';
import { paths } from '../lib/paths';

/** Карточка организации: requisites, director, block / unblock, balance operations and history. */
export function OrganizationPage() {
  const id = useIdParam();
  const organization = useOrganization(id);
  const dictionaries = useDictionaries();
  const update = useUpdateOrganization(id);
  const setStatus = useSetOrganizationStatus();

  if (!Number.isFinite(id) || organization.error) {
    return <Alert color="red">{getErrorMessage(organization.error, 'Организация не найдена')}</Alert>;
  }
  if (!organization.data || !dictionaries.data) return <Loader />;
  const current = organization.data;
  const nextStatus = current.status === 'active' ? 'blocked' : 'active';

  return (
    <>
      <Anchor component={Link} to={paths.organizations} size="sm">
        ← Реестр организаций
      </Anchor>
      <PageTitle
        description={current.name}
        actions={
          current.is_platform ? undefined : (
            <Button
              variant={current.status === 'active' ? 'light' : 'filled'}
              color={current.status === 'active' ? 'red' : undefined}
              onClick={async () => {
                try {
                  await setStatus.mutateAsync({ id: current.id, status: nextStatus });
                  notify.success(`Статус: ${ORGANIZATION_STATUS_LABELS[nextStatus].toLowerCase()}`);
                } catch (error) {
                  notify.error(getErrorMessage(error, 'Не удалось изменить статус'));
                }
              }}
            >
              {current.status === 'active' ? 'Заблокировать' : 'Разблокировать'}
            </Button>
          )
        }
      >
        {current.short_name}
      </PageTitle>
      <Stack gap="lg">
        <Group gap="lg">
          <StatusBadge status={current.status} />
          <Text size="sm">
            Директор:{' '}
            {current.director ? (
              fullName(current.director)
            ) : (
              <Text span c="dimmed">
                не назначен
              </Text>
            )}
          </Text>
          {current.parent_id ? (
            <Text size="sm">
              В составе:{' '}
              <Anchor component={Link} to={paths.organization(current.parent_id)}>
                {current.parent_short_name}
              </Anchor>
            </Text>
          ) : null}
        </Group>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              Баланс
            </Title>
            <BalancePanel organization={current} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              Реквизиты
            </Title>
            <OrganizationForm
              key={current.id}
              organization={current}
              dictionaries={dictionaries.data}
              submitLabel="Сохранить"
              onSubmit={async (body) => {
                await update.mutateAsync(body);
                notify.success('Изменения сохранены');
              }}
            />
          </Paper>
        </Stack>
      </Stack>
    </>
  );
}
