import { Anchor, Group, Text } from '@mantine/core';

/** Vendor line at the bottom of every layout page (SPEC §1). */
export function Footer() {
  return (
    <Group component="footer" justify="space-between" gap="xs" pt="xl" pb="xs" mt="xl" c="dimmed" fz="sm">
      <Text size="sm" c="dimmed" data-testid="footer-copyright">
        © 2026 Parta
      </Text>
      <Anchor href="mailto:support@parta.ru" size="sm" c="dimmed">
        Поддержка
      </Anchor>
    </Group>
  );
}
