import { AppShell, NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { usePermissions } from '@parta/shared';
import { Link, useLocation } from 'react-router-dom';
import { useUnpublishedRemotes } from '../remotes/use-published-remotes';
import { isActive, visibleMenu } from './menu';
import classes from './sidebar.module.css';

/** Menu groups of SPEC §2, each item only for users holding its key. */
export function Sidebar() {
  const { can, status } = usePermissions();
  const { pathname } = useLocation();
  const unpublished = useUnpublishedRemotes();

  if (status === 'loading') {
    return (
      <Stack p="md" gap="sm" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
          <Skeleton key={index} h={28} radius="sm" />
        ))}
      </Stack>
    );
  }

  return (
    <AppShell.Section grow component={ScrollArea} type="hover" scrollbarSize={6} p="sm">
      {visibleMenu(can, unpublished ?? undefined).map((group) => (
        <section key={group.items[0].to} data-testid="menu-group" aria-label={group.label}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.group}>
            {group.label}
          </Text>
          {group.items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={isActive(item, pathname)}
              className={classes.link}
              data-testid="menu-item"
            />
          ))}
        </section>
      ))}
    </AppShell.Section>
  );
}
