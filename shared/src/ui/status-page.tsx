import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface StatusPageProps {
  /** Big code or sign above the title, e.g. «404». */
  code?: string;
  title: string;
  children?: ReactNode;
  /** Link of the main button; no button when omitted. */
  actionHref?: string;
  actionLabel?: string;
}

/** A full-width message screen: not found, forbidden, payment required. */
export function StatusPage({
  code,
  title,
  children,
  actionHref,
  actionLabel = 'На главную',
}: StatusPageProps) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        {code ? (
          <Text fz={64} fw={800} c="emerald" lh={1}>
            {code}
          </Text>
        ) : null}
        <Title order={1} fz={26}>
          {title}
        </Title>
        {children ? <Text c="dimmed">{children}</Text> : null}
        {actionHref ? (
          <Button component={Link} to={actionHref} mt="sm">
            {actionLabel}
          </Button>
        ) : null}
      </Stack>
    </Center>
  );
}

/** The not-found screen (route name 404), also used by remotes for unknown sub-paths. */
export function NotFoundPage() {
  return (
    <StatusPage code="404" title="Страница не найдена" actionHref="/dashboard">
      Такой страницы нет. Проверьте адрес или вернитесь на рабочий стол.
    </StatusPage>
  );
}
