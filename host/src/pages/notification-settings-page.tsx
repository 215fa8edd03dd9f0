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
import {
  isAppleMobile,
  PushSetupError,
  pushSupport,
  useDevicePush,
  usePushDevice,
} from '../features/notifications/push/device-push';
import { DeliveryFailuresCard } from '../features/notifications/ui/delivery-failures-card';
import { BellIcon } from '../layout/icons';

/**
 * «Уведомления» (issue 38): what the user hears of beyond the bell, and how — per category by
 * push and e-mail, push on this device, marks at once or in the evening digest, and the address.
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
              <DevicePushCard preferences={preferences} />
              <MarksCard preferences={preferences} />
              <EmailCard preferences={preferences} />
              <DeliveryFailuresCard />
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
  const pushOff = preferences.push_devices === 0;
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
            <Table.Th ta="center">{NOTIFICATION_CHANNEL_LABELS.push}</Table.Th>
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
                    <Checkbox
                      checked={!pushOff && preferences.push[category]}
                      disabled={pushOff || update.isPending}
                      aria-label={`${label}: push`}
                      onChange={(event) =>
                        update.mutate({ push: { [category]: event.currentTarget.checked } })
                      }
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pushOff ? (
        <Text size="sm" c="dimmed" mt="sm" data-testid="push-blocked">
          Push: включите на устройстве, где хотите их получать
        </Text>
      ) : null}
      {blocked ? (
        <Text size="sm" c="dimmed" mt={pushOff ? 4 : 'sm'} data-testid="email-blocked">
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

const IOS_NOTE =
  'На iPhone и iPad push приходят только в Парту, добавленную на экран «Домой» (iOS 16.4 и новее): в Safari нажмите «Поделиться» → «На экран „Домой“» и включите push, открыв Парту оттуда.';

const devicesText = (count: number) => {
  const tens = count % 100;
  const ones = count % 10;
  const word =
    tens >= 11 && tens <= 14
      ? 'устройств'
      : ones === 1
        ? 'устройство'
        : ones >= 2 && ones <= 4
          ? 'устройства'
          : 'устройств';
  return `Push получают ${count} ${word}`;
};

/** Push on this device: on or off, with what the browser allows and what an iPhone needs. */
function DevicePushCard({ preferences }: { preferences: NotificationPreferences }) {
  const support = pushSupport();
  const device = usePushDevice();
  const toggle = useDevicePush();
  const on = Boolean(device.data);
  const denied = support === 'supported' && Notification.permission === 'denied';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="device-push">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4}>Push на этом устройстве</Title>
        {support === 'supported' ? (
          <Badge
            color={on ? 'emerald' : 'gray'}
            variant="light"
            tt="none"
            style={{ flexShrink: 0 }}
            data-testid="device-push-state"
          >
            {on ? 'включены' : 'выключены'}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Уведомления появятся на экране телефона или компьютера, даже когда Парта закрыта.{' '}
        {preferences.push_devices > 0 ? `${devicesText(preferences.push_devices)}.` : ''}
      </Text>
      {support === 'supported' ? (
        <Stack gap="sm">
          {denied && !on ? (
            <Alert color="yellow" variant="light" title="Уведомления запрещены в браузере">
              Разрешите уведомления для этого сайта в настройках браузера, затем включите push.
            </Alert>
          ) : null}
          <Group>
            {on ? (
              <Button variant="default" loading={toggle.isPending} onClick={() => toggle.mutate(false)}>
                Выключить на этом устройстве
              </Button>
            ) : (
              <Button loading={toggle.isPending || device.isLoading} onClick={() => toggle.mutate(true)}>
                Включить на этом устройстве
              </Button>
            )}
          </Group>
          {toggle.isError ? (
            <Text size="sm" c="red" data-testid="device-push-error">
              {toggle.error instanceof PushSetupError
                ? toggle.error.message
                : `Не удалось: ${getErrorMessage(toggle.error)}`}
            </Text>
          ) : null}
          {isAppleMobile() ? null : (
            <Text size="xs" c="dimmed" data-testid="ios-note">
              {IOS_NOTE}
            </Text>
          )}
        </Stack>
      ) : support === 'ios-home-screen' ? (
        <Alert color="blue" variant="light" title="Добавьте Парту на экран «Домой»" data-testid="ios-note">
          {IOS_NOTE}
        </Alert>
      ) : (
        <Alert color="gray" variant="light" title="Этот браузер не умеет push">
          Откройте Парту в Chrome, Edge, Firefox или Safari, чтобы получать push. В приложении уведомления
          приходят всегда.
        </Alert>
      )}
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
        Сразу — в течение минуты после того, как учитель поставит оценку; вечером — одной сводкой за день со
        средним баллом.
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
