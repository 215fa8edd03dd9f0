import { Badge } from '@mantine/core';
import {
  ORGANIZATION_STATUS_LABELS,
  type RegistryOrganization,
} from '@parta/shared/domain/contracts/registry';

/** Активна (green) or Заблокирована (red). */
export function StatusBadge({ status }: { status: RegistryOrganization['status'] }) {
  return (
    <Badge color={status === 'active' ? 'emerald' : 'red'} variant="light" tt="none" miw="max-content">
      {ORGANIZATION_STATUS_LABELS[status]}
    </Badge>
  );
}
