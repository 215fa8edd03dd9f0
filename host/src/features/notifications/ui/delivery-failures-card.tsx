import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { apiGet, formatDateTime, QueryView, queryKeys, usePermissions } from '@parta/shared';
import type { DeliveryFailureList } from '@parta/shared/domain/contracts/notifications';
import { useQuery } from '@tanstack/react-query';

/** How many of the latest failures the card lists. */
const SHOWN = 20;

/**
 * «Недоставленные уведомления» (issue 48), for whoever manages the school's settings (the
 * director): letters and pushes that did not go after every retry (more than a day) or were refused
 * for good, with whom they were for and why, in Russian. Nothing for anyone else.
 */
export function DeliveryFailuresCard() {
  const { can } = usePermissions();
  if (!can('organization.settings')) return null;
  return <FailuresList />;
}

function FailuresList() {
  const query = useQuery({
    queryKey: queryKeys.notifications.deliveryFailures,
    queryFn: ({ signal }) =>
      apiGet<DeliveryFailureList>(`/notifications/delivery-failures?limit=${SHOWN}`, { signal }),
  });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="delivery-failures">
      <Title order={4} mb="xs">
        Недоставленные уведомления
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Письма и push школы, которые не удалось доставить: сервер повторяет попытки больше суток, затем
        уведомление попадает сюда. В приложении (колокольчик) оно у получателя есть.
      </Text>
      <QueryView query={query} errorText="Не удалось загрузить недоставленные уведомления">
        {(failures) =>
          failures.length === 0 ? (
            <Text size="sm">Все письма и push доставлены.</Text>
          ) : (
            <Stack gap="sm">
              {failures.map((failure) => (
                <Stack key={failure.id} gap={2} data-testid="delivery-failure">
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light" color={failure.channel === 'email' ? 'blue' : 'grape'}>
                      {failure.channel_name}
                    </Badge>
                    <Text size="sm" fw={500}>
                      {failure.recipient}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(new Date(failure.failed_at))}
                    </Text>
                  </Group>
                  <Text size="sm">{failure.title}</Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {failure.reason}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Card>
  );
}
