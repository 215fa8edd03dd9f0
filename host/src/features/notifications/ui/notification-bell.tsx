import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { MOBILE_MENU_MAX_WIDTH, useMedia, usePermissions } from '@parta/shared';
import type { Notification } from '@parta/shared/domain/contracts/notifications';
import { formatDayTime } from '@parta/shared/domain/dates';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BellIcon } from '../../../layout/icons';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';

/** «3 непрочитанных» for the bell's label, so a screen reader hears the count, not a bare number. */
function unreadLabel(count: number): string {
  if (count === 0) return 'Уведомления: непрочитанных нет';
  const tens = count % 100;
  const ones = count % 10;
  // «1 непрочитанное», but «2/5/11 непрочитанных».
  const word = ones === 1 && tens !== 11 ? 'непрочитанное' : 'непрочитанных';
  return `Уведомления: ${count} ${word}`;
}

/** The bell of the top bar (issue 38): unread count, and the list in a popover (a drawer on a phone). */
export function NotificationBell() {
  const isMobile = useMedia(`(max-width: ${MOBILE_MENU_MAX_WIDTH}px)`);
  const [opened, setOpened] = useState(false);
  const { user } = usePermissions();
  const unread = useUnreadCount(Boolean(user) && !user?.password_change_required).data ?? 0;

  const button = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={unreadLabel(unread)}
      aria-expanded={opened}
      aria-haspopup="dialog"
      onClick={() => setOpened((value) => !value)}
      data-testid="notification-bell"
    >
      <BellIcon />
    </ActionIcon>
  );
  // The count wraps the bell from outside: the popover's target must be the button itself, since
  // it gives its target aria-expanded, which a plain div may not carry (axe: aria-allowed-attr).
  const withCount = (node: ReactNode) => (
    <Indicator
      disabled={unread === 0}
      label={unread > 99 ? '99+' : unread}
      size={16}
      color="red"
      offset={4}
      data-testid="notification-count"
    >
      {node}
    </Indicator>
  );
  const settings = <SettingsLink onNavigate={() => setOpened(false)} />;
  const list = (header?: ReactNode) => (
    <NotificationList enabled={opened} onNavigate={() => setOpened(false)} header={header} />
  );

  if (isMobile) {
    return (
      <>
        {withCount(button)}
        <Drawer
          opened={opened}
          onClose={() => setOpened(false)}
          position="right"
          size="100%"
          title="Уведомления"
        >
          {list(settings)}
        </Drawer>
      </>
    );
  }
  return withCount(
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" trapFocus>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Уведомления">
        <Group justify="space-between" px="xs" pb="xs" wrap="nowrap">
          <Text fw={600}>Уведомления</Text>
          {settings}
        </Group>
        {list()}
      </Popover.Dropdown>
    </Popover>,
  );
}

/** To the «Уведомления» settings: what comes by e-mail, marks at once or in the evening. */
function SettingsLink({ onNavigate }: { onNavigate: () => void }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="subtle"
      size="xs"
      data-testid="notification-settings-link"
      onClick={() => {
        onNavigate();
        navigate('/notifications/settings');
      }}
    >
      Настройки
    </Button>
  );
}

/** The list; `header` goes at the start of its button row (the drawer's link to the settings). */
function NotificationList({
  enabled,
  onNavigate,
  header,
}: {
  enabled: boolean;
  onNavigate: () => void;
  header?: ReactNode;
}) {
  const { data, isLoading, isError } = useNotifications(enabled);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();

  if (isLoading) return <Loader size="sm" m="md" />;
  if (isError) return <Text c="red">Не удалось загрузить уведомления</Text>;
  const items = data?.data ?? [];

  const open = (item: Notification) => {
    if (!item.read_at) markRead.mutate(item.id);
    if (item.link) {
      onNavigate();
      navigate(item.link);
    }
  };

  return (
    <Stack gap="xs" data-testid="notification-list">
      {items.length === 0 ? (
        <>
          {header ? <Group>{header}</Group> : null}
          <Text c="dimmed" size="sm" p="xs">
            Уведомлений пока нет
          </Text>
        </>
      ) : (
        <>
          {/* Wraps rather than cuts: on a 390 px phone the label is whole, on a second line if need be. */}
          <Group justify={header ? 'space-between' : 'flex-end'} wrap="wrap" gap="xs">
            {header}
            <Button
              variant="subtle"
              size="xs"
              h="auto"
              mih={30}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'right' } }}
              data-testid="notification-mark-all"
              disabled={(data?.meta.unread ?? 0) === 0}
              loading={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              Отметить все как прочитанные
            </Button>
          </Group>
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item) => (
                <Box component="li" key={item.id}>
                  <UnstyledButton
                    onClick={() => open(item)}
                    w="100%"
                    p="xs"
                    data-testid="notification-item"
                    data-unread={item.read_at ? undefined : 'true'}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: item.read_at ? undefined : 'var(--mantine-color-emerald-light)',
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                      <Text size="sm" fw={item.read_at ? 400 : 600}>
                        {item.title}
                      </Text>
                      {item.read_at ? null : (
                        <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>
                          новое
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {item.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDayTime(new Date(item.updated_at))}
                    </Text>
                  </UnstyledButton>
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </>
      )}
    </Stack>
  );
}
