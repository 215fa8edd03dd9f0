import {
  ActionIcon,
  Avatar,
  Badge,
  Burger,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatMoney,
  MOBILE_MENU_MAX_WIDTH,
  mobileMenuOpenedAtom,
  sidebarCollapsedAtom,
  themeAtom,
  toAmount,
  useLogout,
  useMedia,
  usePermissions,
} from '@parta/shared';
import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { NotificationBell } from '../features/notifications/ui/notification-bell';
import { BellIcon, ChevronDownIcon, LogoutIcon, MoonIcon, SunIcon, UserIcon } from './icons';

/** Id of the menu toggle: focus goes back to it when Escape closes the mobile menu. */
export const MENU_TOGGLE_ID = 'menu-toggle';

/** Top bar of SPEC §2: menu toggle, balance, theme toggle and the profile dropdown. */
export function TopBar() {
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  const [mobileOpened, setMobileOpened] = useAtom(mobileMenuOpenedAtom);
  const [theme, setTheme] = useAtom(themeAtom);
  const isMobile = useMedia(`(max-width: ${MOBILE_MENU_MAX_WIDTH}px)`);
  const { user } = usePermissions();
  const logout = useLogout();
  const organization = user?.organization;
  const bonus = toAmount(organization?.bonus_balance);
  const menuOpen = isMobile ? mobileOpened : !collapsed;

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Burger
          // The cross only for the mobile overlay; the static sidebar keeps the plain menu icon.
          opened={isMobile && mobileOpened}
          aria-expanded={menuOpen}
          onClick={() => (isMobile ? setMobileOpened(!mobileOpened) : setCollapsed(!collapsed))}
          size="sm"
          aria-label={menuOpen ? 'Скрыть меню' : 'Показать меню'}
          data-testid="menu-toggle"
          id={MENU_TOGGLE_ID}
        />
        <Text
          component={Link}
          to="/dashboard"
          fw={800}
          fz={22}
          c="emerald"
          style={{ textDecoration: 'none' }}
        >
          Parta
        </Text>
      </Group>

      <Group gap="xs" wrap="nowrap">
        {/* The school's money is for its staff: a pupil's or a parent's session carries none (null). */}
        {organization && organization.balance !== null ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              Баланс:
            </Text>
            <Text
              size="sm"
              fw={600}
              c={toAmount(organization.balance) < 0 ? 'red' : undefined}
              data-testid="balance"
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatMoney(organization.balance)}
            </Text>
            {bonus > 0 ? (
              <Badge
                variant="light"
                color="sky"
                tt="none"
                size="lg"
                data-testid="bonus-badge"
                visibleFrom="xs"
                style={{ flexShrink: 0 }}
              >
                Бонусы: {formatMoney(bonus)}
              </Badge>
            ) : null}
          </Group>
        ) : null}

        <NotificationBell />

        <Tooltip label={theme === 'dark' ? 'Светлая тема' : 'Тёмная тема'}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            aria-label={theme === 'dark' ? 'Включить светлую тему' : 'Включить тёмную тему'}
            data-testid="theme-toggle"
          >
            {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </ActionIcon>
        </Tooltip>

        <Menu position="bottom-end" width={240} shadow="md">
          <Menu.Target>
            {/* Named by its text (the user's name where shown), not by a label that would hide it. */}
            <UnstyledButton data-testid="profile-menu">
              <VisuallyHidden>Меню профиля</VisuallyHidden>
              <Group gap={6} wrap="nowrap">
                <Avatar color="emerald" radius="xl" size={34} aria-hidden>
                  {initials(user?.name, user?.surname)}
                </Avatar>
                <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
                  {user ? `${user.name} ${user.surname}` : ''}
                </Text>
                <ChevronDownIcon />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {organization ? <Menu.Label>{organization.name}</Menu.Label> : null}
            <Menu.Item component={Link} to="/profile" leftSection={<UserIcon />}>
              Мой профиль / Настройки аккаунта
            </Menu.Item>
            <Menu.Item component={Link} to="/notifications/settings" leftSection={<BellIcon />}>
              Уведомления
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<LogoutIcon />} onClick={() => void logout()}>
              Выход
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}

function initials(name?: string | null, surname?: string | null): string {
  return `${surname?.charAt(0) ?? ''}${name?.charAt(0) ?? ''}`.toUpperCase();
}
