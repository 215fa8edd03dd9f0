import { Select } from '@mantine/core';
import { classOptions, useOrganizationOptions } from '@parta/shared';
import type { JournalLoad } from '@parta/shared/domain/contracts/journal';

/** A class of the journals the caller may open, with its organization and grade. */
export interface JournalClass {
  id: number;
  name: string;
  organization_id: number;
  grade: number;
}

/** The classes of the journals the caller may open, in the loads' order (their own first), each once. */
export function classesOf(loads: JournalLoad[]): JournalClass[] {
  const seen = new Map<number, JournalClass>();
  for (const load of loads)
    if (!seen.has(load.group_id))
      seen.set(load.group_id, {
        id: load.group_id,
        name: load.group_name,
        organization_id: load.organization_id,
        grade: load.grade,
      });
  return [...seen.values()];
}

/** «1А», or «1А · Филиал …» when the caller's journals span a school and its branch. */
export function ClassPicker({
  loads,
  value,
  onChange,
}: {
  loads: JournalLoad[];
  value: number | null;
  onChange: (groupId: number) => void;
}) {
  const organizations = useOrganizationOptions();
  return (
    <Select
      label="Класс"
      searchable
      w={{ base: '100%', xs: 260 }}
      data={classOptions(classesOf(loads), organizations.data ?? [])}
      value={value === null ? null : String(value)}
      onChange={(id) => id && onChange(Number(id))}
      data-testid="journal-class"
    />
  );
}
