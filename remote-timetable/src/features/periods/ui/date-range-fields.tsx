import { Group } from '@mantine/core';
import { LazyDateInput } from '@parta/shared';
import type { ReactNode } from 'react';

export interface DateRange {
  start_date: string;
  end_date: string;
}

export interface DateRangeFieldsProps {
  value: DateRange;
  errors: { start_date?: ReactNode; end_date?: ReactNode };
  /** One field changed (Mantine's `form.setFieldValue` fits, and clears that field's error). */
  onChange: (field: keyof DateRange, date: string) => void;
  /** A chosen start fills an empty end: a single day off needs only its date. */
  fillEnd?: boolean;
}

/** «Начало» and «Конец» of a period or holiday (dd.mm.yy); the end cannot be picked before the start. */
export function DateRangeFields({ value, errors, onChange, fillEnd = false }: DateRangeFieldsProps) {
  return (
    <Group grow align="flex-start">
      <LazyDateInput
        label="Начало"
        withAsterisk
        valueFormat="DD.MM.YY"
        placeholder="дд.мм.гг"
        value={value.start_date}
        error={errors.start_date}
        onChange={(start) => {
          onChange('start_date', start ?? '');
          if (fillEnd && start && !value.end_date) onChange('end_date', start);
        }}
      />
      <LazyDateInput
        label="Конец"
        withAsterisk
        valueFormat="DD.MM.YY"
        placeholder="дд.мм.гг"
        minDate={value.start_date || undefined}
        value={value.end_date}
        error={errors.end_date}
        onChange={(end) => onChange('end_date', end ?? '')}
      />
    </Group>
  );
}

/** Grades 1–11 as the options of a «классы» multi-select. */
export const GRADE_OPTIONS = Array.from({ length: 11 }, (_, index) => String(index + 1));
