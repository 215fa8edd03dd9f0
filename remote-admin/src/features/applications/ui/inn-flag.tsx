import { Badge, Tooltip } from '@mantine/core';
import type { Application } from '@parta/shared/domain/contracts/applications';

/** «ИНН уже на платформе» when organizations with the application's ИНН exist. */
export function InnFlag({ application }: { application: Application }) {
  if (application.inn_matches.length === 0) return null;
  return (
    <Tooltip label={application.inn_matches.map((match) => match.short_name).join(', ')}>
      <Badge color="orange" variant="light" tt="none" miw="max-content" size="sm" data-testid="inn-flag">
        ИНН уже на платформе
      </Badge>
    </Tooltip>
  );
}
