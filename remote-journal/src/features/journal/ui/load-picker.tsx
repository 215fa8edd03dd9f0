import { Select } from '@mantine/core';
import { useClassLabels } from '@parta/shared';
import type { JournalLoad } from '@parta/shared/domain/contracts/journal';

/**
 * «5А · Математика (Иванова И. И.)», the subgroup named when the load is one; the class as
 * `classLabels` names it («1А · Филиал …» when the journals span a school and its branch).
 */
export function loadLabel(load: JournalLoad, classLabels?: Map<number, string>): string {
  const subject = load.subgroup_name ? `${load.subject_name}, ${load.subgroup_name}` : load.subject_name;
  const group = classLabels?.get(load.group_id) ?? load.group_name;
  return `${group} · ${subject}${load.teacher_name ? ` (${load.teacher_name})` : ''}`;
}

/** Chooses a journal (a load), the caller's own first, then their class's, then the school's. */
export function LoadPicker({
  loads,
  value,
  onChange,
  label = 'Журнал',
}: {
  loads: JournalLoad[];
  value: number | null;
  onChange: (load: JournalLoad) => void;
  label?: string;
}) {
  const classLabels = useClassLabels(loads);
  const groups = [
    { group: 'Мои журналы', items: loads.filter((load) => load.own) },
    { group: 'Все журналы', items: loads.filter((load) => !load.own) },
  ].filter((group) => group.items.length > 0);
  return (
    <Select
      label={label}
      placeholder="Класс и предмет"
      searchable
      w={{ base: '100%', sm: 420 }}
      data={groups.map((group) => ({
        group: group.group,
        items: group.items.map((load) => ({ value: String(load.id), label: loadLabel(load, classLabels) })),
      }))}
      value={value === null ? null : String(value)}
      onChange={(id) => {
        const load = loads.find((item) => String(item.id) === id);
        if (load) onChange(load);
      }}
      nothingFoundMessage="Нет такого журнала"
    />
  );
}
