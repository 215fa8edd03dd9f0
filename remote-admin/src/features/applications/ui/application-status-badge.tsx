import { Badge } from '@mantine/core';
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
} from '@parta/shared/domain/contracts/applications';

export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, string> = {
  new: 'sky',
  in_progress: 'yellow',
  approved: 'emerald',
  rejected: 'gray',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge
      color={APPLICATION_STATUS_COLORS[status]}
      variant="light"
      tt="none"
      miw="max-content"
      data-testid="application-status"
    >
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
