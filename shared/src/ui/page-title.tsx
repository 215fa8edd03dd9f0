import { Group, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

export interface PageTitleProps {
  /** Heading of the screen, also set as the document title. */
  children: string;
  /** Short line under the heading. */
  description?: ReactNode;
  /** Buttons on the right of the heading. */
  actions?: ReactNode;
}

/** The heading every screen starts with. */
export function PageTitle({ children, description, actions }: PageTitleProps) {
  useEffect(() => {
    document.title = `${children} · Parta`;
  }, [children]);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <div>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {children}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
