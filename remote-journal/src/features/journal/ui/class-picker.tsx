import { Select } from '@mantine/core';
import type { JournalLoad } from '@parta/shared/domain/contracts/journal';

/** The classes of the journals the caller may open, their own first. */
export function classesOf(loads: JournalLoad[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const load of loads) if (!seen.has(load.group_id)) seen.set(load.group_id, load.group_name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

export function ClassPicker({
  loads,
  value,
  onChange,
}: {
  loads: JournalLoad[];
  value: number | null;
  onChange: (groupId: number) => void;
}) {
  return (
    <Select
      label="Класс"
      searchable
      w={160}
      data={classesOf(loads).map((group) => ({ value: String(group.id), label: group.name }))}
      value={value === null ? null : String(value)}
      onChange={(id) => id && onChange(Number(id))}
    />
  );
}
