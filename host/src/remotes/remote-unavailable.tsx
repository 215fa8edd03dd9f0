import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { createContext, useContext, useState } from 'react';

/** Retry of the remote the fallback stands in for; provided by RemoteBoundary. */
export const RemoteRetryContext = createContext<(() => Promise<void>) | null>(null);

/** Shown in place of a remote that is missing or failed. */
export function RemoteUnavailable() {
  const retry = useContext(RemoteRetryContext);
  const [busy, setBusy] = useState(false);
  return (
    <Paper withBorder p="xl" radius="md" role="alert" data-testid="remote-unavailable">
      <Stack gap="sm" align="flex-start">
        <Title order={3}>Раздел временно недоступен</Title>
        <Text c="dimmed">
          Не удалось загрузить этот раздел. Меню и остальные разделы продолжают работать; попробуйте ещё раз
          через несколько секунд.
        </Text>
        {retry ? (
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await retry();
              } finally {
                setBusy(false);
              }
            }}
          >
            Повторить
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
