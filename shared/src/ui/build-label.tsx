import { Badge } from '@mantine/core';

/** «Сборка: …» when the remote was built with PARTA_BUILD_LABEL, so a redeploy or rollback is visible. */
export function BuildLabel({ label, mt = 'md' }: { label?: string; mt?: string }) {
  if (!label) return null;
  return (
    <Badge mt={mt} variant="light" data-testid="build-label">
      Сборка: {label}
    </Badge>
  );
}
