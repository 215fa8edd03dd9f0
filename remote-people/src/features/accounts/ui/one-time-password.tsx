import { Button, Code, CopyButton, Group, type MantineSize } from '@mantine/core';

export interface OneTimePasswordProps {
  password: string;
  /** The test id of the password's text. */
  testId: string;
  size?: MantineSize;
}

/**
 * A generated password shown once, with «Копировать» beside it: the person hands it on by
 * messenger, not by retyping «kX7…» (the new staff member's, the new parent's, a reset one).
 */
export function OneTimePassword({ password, testId, size = 'md' }: OneTimePasswordProps) {
  return (
    <Group gap="sm" wrap="wrap">
      <Code fz={size} data-testid={testId}>
        {password}
      </Code>
      <CopyButton value={password}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy}>
            {copied ? 'Скопировано' : 'Копировать'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
