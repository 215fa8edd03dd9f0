import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { getErrorMessage, getFieldErrors, PageTitle, QueryView } from '@parta/shared';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_CHANNEL_LABELS,
  type NotificationPreferences,
} from '@parta/shared/domain/contracts/notifications';
import { type FormEvent, useState } from 'react';
import {
  useNotificationPreferences,
  useRemoveEmail,
  useSetEmail,
  useUpdatePreferences,
} from '../features/notifications/api/notifications';
import { BellIcon } from '../layout/icons';

/**
 * «Уведомления» (issue 38): what the user hears of beyond the bell, and how — per category by
 * e-mail (push is announced, not built), marks at once or in the evening digest, and the address.
 */
export function NotificationSettingsPage() {
  const query = useNotificationPreferences();
  return (
    <>
      <PageTitle>Уведомления</PageTitle>
      <QueryView query={query} errorText="Не удалось загрузить настройки уведомлений">
        {(preferences) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <ChannelsCard preferences={preferences} />
            <Stack gap="lg">
              <MarksCard preferences={preferences} />
              <EmailCard preferences={preferences} />
            </Stack>
          </SimpleGrid>
        )}
      </QueryView>
    </>
  );
}

/** Why the e-mail column cannot be used yet, or null when it can. */
function emailBlocked(preferences: NotificationPreferences): string | null {
  if (!preferences.email_available) return 'Почта не настроена на сервере';
  if (!preferences.address?.confirmed) return 'Подтвердите адрес почты, чтобы получать письма';
  return null;
}

function ChannelsCard({ preferences }: { preferences: NotificationPreferences }) {
  const update = useUpdatePreferences();
  const blocked = emailBlocked(preferences);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="notification-channels">
      <Title order={4} mb="xs">
        Куда присылать
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        В приложении (колокольчик) уведомления приходят всегда. Ночью, в тихие часы школы, письма ждут утра.
      </Text>
      <Table layout="fixed" verticalSpacing="xs" horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="40%">Что</Table.Th>
            {/* The bell names the app's column: «В приложении» is wider than a phone's column. */}
            <Table.Th ta="center">
              <Tooltip label={NOTIFICATION_CHANNEL_LABELS.app}>
                <span>
                  <BellIcon />
                  <VisuallyHidden>{NOTIFICATION_CHANNEL_LABELS.app}</VisuallyHidden>
                </span>
              </Tooltip>
            </Table.Th>
            <Table.Th ta="center">{NOTIFICATION_CHANNEL_LABELS.email}</Table.Th>
            <Table.Th ta="center">
              {NOTIFICATION_CHANNEL_LABELS.push}{' '}
              <Badge size="xs" variant="light" color="gray" tt="none">
                скоро
              </Badge>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {NOTIFICATION_CATEGORIES.map((category) => {
            const label = NOTIFICATION_CATEGORY_LABELS[category];
            return (
              <Table.Tr key={category} data-testid={`notification-row-${category}`}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox checked readOnly disabled aria-label={`${label}: в приложении — всегда`} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      checked={blocked === null && preferences.email[category]}
                      disabled={blocked !== null || update.isPending}
                      aria-label={`${label}: на почту`}
                      onChange={(event) =>
                        update.mutate({ email: { [category]: event.currentTarget.checked } })
                      }
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox checked={false} readOnly disabled aria-label={`${label}: push — скоро`} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {blocked ? (
        <Text size="sm" c="dimmed" mt="sm" data-testid="email-blocked">
          {blocked}
        </Text>
      ) : null}
      {update.isError ? (
        <Text size="sm" c="red" mt="sm">
          {getErrorMessage(update.error)}
        </Text>
      ) : null}
    </Card>
  );
}

function MarksCard({ preferences }: { preferences: NotificationPreferences }) {
  const update = useUpdatePreferences();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4} mb="xs">
        Оценки
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Сразу — в течение нескольких минут после того, как учитель поставит оценку; вечером — одной сводкой за
        день со средним баллом.
      </Text>
      <SegmentedControl
        fullWidth
        aria-label="Когда сообщать об оценках"
        data-testid="marks-timing"
        disabled={update.isPending}
        value={preferences.marks_instant ? 'instant' : 'digest'}
        onChange={(value) => update.mutate({ marks_instant: value === 'instant' })}
        data={[
          { value: 'instant', label: 'Сразу' },
          { value: 'digest', label: 'Вечером' },
        ]}
      />
    </Card>
  );
}

function EmailCard({ preferences }: { preferences: NotificationPreferences }) {
  const setEmail = useSetEmail();
  const removeEmail = useRemoveEmail();
  const [address, setAddress] = useState('');
  const current = preferences.address;
  const fieldError = getFieldErrors(setEmail.error).address;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmail.mutate(address, { onSuccess: () => setAddress('') });
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="notification-email">
      <Title order={4} mb="md">
        Почта
      </Title>
      {!preferences.email_available ? (
        <Alert color="gray" variant="light" title="Почта не настроена на сервере">
          Почтовый сервер подключает администратор Парты. Пока уведомления приходят только в приложение.
        </Alert>
      ) : (
        <Stack gap="sm">
          {current ? (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text fw={500} style={{ wordBreak: 'break-all' }}>
                  {current.address}
                </Text>
                {current.confirmed ? (
                  <Badge color="emerald" variant="light" tt="none">
                    подтверждён
                  </Badge>
                ) : (
                  <Badge color="yellow" variant="light" tt="none">
                    ждёт подтверждения
                  </Badge>
                )}
              </Group>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                loading={removeEmail.isPending}
                onClick={() => removeEmail.mutate()}
              >
                Удалить адрес
              </Button>
            </Group>
          ) : null}
          {current && !current.confirmed ? (
            <Text size="sm" c="dimmed">
              Мы отправили письмо со ссылкой. Откройте её, чтобы получать уведомления на почту.
            </Text>
          ) : null}
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <TextInput
                type="email"
                label={current ? 'Другой адрес' : 'Адрес почты'}
                placeholder="name@example.ru"
                autoComplete="email"
                value={address}
                onChange={(event) => setAddress(event.currentTarget.value)}
                error={fieldError}
              />
              <Group>
                <Button type="submit" loading={setEmail.isPending} disabled={address.trim() === ''}>
                  Отправить письмо для подтверждения
                </Button>
              </Group>
              {setEmail.isError && !fieldError ? (
                <Text size="sm" c="red">
                  {getErrorMessage(setEmail.error)}
                </Text>
              ) : null}
            </Stack>
          </form>
        </Stack>
      )}
    </Card>
  );
}
