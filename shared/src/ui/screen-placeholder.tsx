import { Badge, Paper, Text } from '@mantine/core';
import { Route, Routes } from 'react-router-dom';
import { PageTitle } from './page-title';
import { NotFoundPage } from './status-page';

/** One screen of a remote whose area has not landed yet. */
export interface PlannedScreen {
  /** Path relative to the layout root, as in SPEC §2 (`bells/:id`). */
  path: string;
  /** Russian title of the screen. */
  title: string;
}

export interface PlaceholderRoutesProps {
  screens: readonly PlannedScreen[];
  /** Build label of the remote (PARTA_BUILD_LABEL), shown so a redeploy is visible. */
  buildLabel?: string;
}

/** «Сборка: …» when the remote was built with PARTA_BUILD_LABEL, so a redeploy or rollback is visible. */
export function BuildLabel({ label, mt = 'md' }: { label?: string; mt?: string }) {
  if (!label) return null;
  return (
    <Badge mt={mt} variant="light" data-testid="build-label">
      Сборка: {label}
    </Badge>
  );
}

/** A screen that exists in the route map but whose content is still being built. */
export function ScreenPlaceholder({ title, buildLabel }: { title: string; buildLabel?: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">Раздел в разработке: содержимое появится в ближайших обновлениях.</Text>
        <BuildLabel label={buildLabel} />
      </Paper>
    </>
  );
}

/** The `<Routes>` of a remote that only shows each screen's title (issue 3). */
export function PlaceholderRoutes({ screens, buildLabel }: PlaceholderRoutesProps) {
  return (
    <Routes>
      {screens.map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={<ScreenPlaceholder title={screen.title} buildLabel={buildLabel} />}
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
