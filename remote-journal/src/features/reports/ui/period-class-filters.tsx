import { Select } from '@mantine/core';
import { classOptions, periodOptions, useGroups, useOrganizationOptions, usePeriods } from '@parta/shared';

export interface PeriodClassFiltersProps {
  periodId: number | undefined;
  groupId: number | undefined;
  onChange: (next: { periodId?: number; groupId?: number | null }) => void;
}

/** The two filters every report by period has: the period and, optionally, one class. */
export function PeriodClassFilters({ periodId, groupId, onChange }: PeriodClassFiltersProps) {
  const periods = usePeriods();
  const groups = useGroups();
  const organizations = useOrganizationOptions();
  return (
    <>
      <Select
        label="Период"
        placeholder="Выберите период"
        data={periodOptions(periods.data ?? [], organizations.data ?? [], true)}
        value={periodId ? String(periodId) : null}
        onChange={(value) => value && onChange({ periodId: Number(value) })}
        allowDeselect={false}
        w={{ base: '100%', xs: 300 }}
        data-testid="report-period"
      />
      <Select
        label="Класс"
        placeholder="Все классы"
        clearable
        searchable
        data={classOptions(groups.data?.groups ?? [])}
        value={groupId ? String(groupId) : null}
        onChange={(value) => onChange({ groupId: value ? Number(value) : null })}
        w={{ base: '100%', xs: 240 }}
        data-testid="report-class"
      />
    </>
  );
}
