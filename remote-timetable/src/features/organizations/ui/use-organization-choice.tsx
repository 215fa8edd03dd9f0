import { Select } from '@mantine/core';
import { useOrganizationOptions, usePermissions } from '@parta/shared';
import { type ReactNode, useState } from 'react';

/**
 * The organization a timetable screen works on: the caller's own, or a branch picked in the select
 * (shown only when the caller's tree has more than one). A school and its branch keep separate
 * bells, periods, subjects and templates.
 */
export function useOrganizationChoice(): { organizationId: number | undefined; select: ReactNode } {
  const { user } = usePermissions();
  const options = useOrganizationOptions();
  const [picked, setPicked] = useState<number | null>(null);
  const organizationId = picked ?? user?.organization?.id;
  const select =
    (options.data?.length ?? 0) > 1 ? (
      <Select
        aria-label="Организация"
        allowDeselect={false}
        w={260}
        data={(options.data ?? []).map((option) => ({ value: String(option.id), label: option.short_name }))}
        value={organizationId ? String(organizationId) : null}
        onChange={(value) => setPicked(value ? Number(value) : null)}
      />
    ) : null;
  return { organizationId, select };
}
