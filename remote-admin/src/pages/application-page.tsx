import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, fullName, getErrorMessage, notify, PageTitle, useIdParam } from '@parta/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApplication } from '../features/applications/api/get-application';
import { useTakeApplication } from '../features/applications/api/take-application';
import { ApplicationStatusBadge } from '../features/applications/ui/application-status-badge';
import { ApproveModal } from '../features/applications/ui/approve-modal';
import { RejectModal } from '../features/applications/ui/reject-modal';
import { useDictionaries } from '../features/registry/api/get-dictionaries';
import { paths } from '../lib/paths';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

/** Карточка заявки: everything the sender wrote, the ИНН check, and take / approve / reject. */
export function ApplicationPage() {
  const id = useIdParam();
  const application = useApplication(id);
  const dictionaries = useDictionaries();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const take = useTakeApplication();

  if (!Number.isFinite(id) || application.error) {
    return <Alert color="red">{getErrorMessage(application.error, 'Заявка не найдена')}</Alert>;
  }
  if (!application.data) return <Loader />;
  const current = application.data;
  const open = current.status === 'new' || current.status === 'in_progress';

  return (
    <>
      <Anchor component={Link} to={paths.applications} size="sm">
        ← Заявки
      </Anchor>
      <PageTitle
        description={`Заявка №${current.id} от ${formatDate(current.created_at)}`}
        actions={
          open ? (
            <>
              {current.status === 'new' ? (
                <Button
                  variant="default"
                  onClick={async () => {
                    try {
                      await take.mutateAsync(current.id);
                    } catch (error) {
                      notify.error(getErrorMessage(error));
                    }
                  }}
                >
                  Взять в работу
                </Button>
              ) : null}
              <Button variant="light" color="red" onClick={() => setDialog('reject')}>
                Отклонить
              </Button>
              <Button onClick={() => setDialog('approve')}>Одобрить</Button>
            </>
          ) : undefined
        }
      >
        {current.organization_name}
      </PageTitle>
      <Stack gap="md">
        <Group gap="sm">
          <ApplicationStatusBadge status={current.status} />
          {current.processed_by ? (
            <Text size="sm" c="dimmed">
              {fullName(current.processed_by)}
              {current.processed_at ? `, ${formatDate(current.processed_at)}` : ''}
            </Text>
          ) : null}
        </Group>
        {current.inn_matches.length > 0 ? (
          <Alert color="orange" title="ИНН уже на платформе" data-testid="inn-warning">
            {current.inn_matches.map((match, index) => (
              <span key={match.id}>
                {index > 0 ? ', ' : ''}
                <Anchor component={Link} to={paths.organization(match.id)}>
                  {match.short_name}
                </Anchor>
              </span>
            ))}
            . Проверьте, не повторная ли это заявка или филиал.
          </Alert>
        ) : null}
        {current.status === 'rejected' && current.reject_reason ? (
          <Alert color="gray" title="Причина отказа">
            {current.reject_reason}
          </Alert>
        ) : null}
        {current.status === 'approved' && current.organization_id ? (
          <Alert color="emerald" title="Организация создана">
            <Anchor component={Link} to={paths.organization(current.organization_id)}>
              Открыть карточку организации
            </Anchor>
          </Alert>
        ) : null}
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Field label="Организация">{current.organization_name}</Field>
            <Field label="ИНН">{current.inn}</Field>
            <Field label="Регион">{current.region}</Field>
            <Field label="Контактное лицо">{current.contact_name}</Field>
            <Field label="E-mail">{current.email}</Field>
            <Field label="Телефон">{current.phone}</Field>
          </SimpleGrid>
          <Stack mt="md" gap={4}>
            <Field label="Комментарий">{current.comment}</Field>
          </Stack>
        </Paper>
      </Stack>
      {dictionaries.data ? (
        <ApproveModal
          application={current}
          dictionaries={dictionaries.data}
          opened={dialog === 'approve'}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <RejectModal
        application={current}
        opened={dialog === 'reject'}
        onClose={() => setDialog(null)}
        onRejected={() => notify.success('Заявка отклонена')}
      />
    </>
  );
}
