import { Select } from '@mantine/core';
import { useGroups, usePeriods } from '@parta/shared';

export interface PeriodClassFiltersProps {
  periodId: number | undefined;
  groupId: number | undefined;
  onChange: (next: { periodId?: number; groupId?: number | null }) => void;
}

/** The two filters every report by period has: the period and, optionally, one class. */
export function PeriodClassFilters({ periodId, groupId, onChange }: PeriodClassFiltersProps) {
  const periods = usePeriods();
  const groups = useGroups();
  return (
    <>
      <Select
        label="Период"
        placeholder="Выберите период"
        data={(periods.data ?? []).map((period) => ({
          value: String(period.id),
          label: `${period.name} ${period.academic_year}`,
        }))}
        value={periodId ? String(periodId) : null}
        onChange={(value) => value && onChange({ periodId: Number(value) })}
        allowDeselect={false}
        w={220}
        data-testid="report-period"
      />
      <Select
        label="Класс"
        placeholder="Все классы"
        clearable
        data={(groups.data?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
        value={groupId ? String(groupId) : null}
        onChange={(value) => onChange({ groupId: value ? Number(value) : null })}
        w={140}
        data-testid="report-class"
      />
    </>
  );
}
