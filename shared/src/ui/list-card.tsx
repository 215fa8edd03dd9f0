import { Anchor, Badge, type BadgeProps, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMedia } from './use-media';

/** Width at and below which a list shows one card per row instead of a table scrolled sideways. */
export const NARROW_LIST_QUERY = '(max-width: 48em)';

/** True on phones, where lists use ListCard. */
export function useNarrowList(): boolean {
  return useMedia(NARROW_LIST_QUERY);
}

export interface ListCardProps {
  /** The row's card page. */
  to: string;
  title: ReactNode;
  /** A status on the right of the title. */
  badge?: { label: ReactNode; color: string; variant?: BadgeProps['variant'] };
  /** Lines under the title (login, class, roles…). */
  children?: ReactNode;
  'data-testid'?: string;
}

/** One row of a list on a phone: the title links to the card, a status badge, details under it. */
export function ListCard({ to, title, badge, children, 'data-testid': testId }: ListCardProps) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={to} fw={500}>
          {title}
        </Anchor>
        {badge ? (
          <Badge color={badge.color} variant={badge.variant ?? 'light'} tt="none" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}
