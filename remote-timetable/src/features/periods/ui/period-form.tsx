import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SaveForm, useFormSave } from '@parta/shared';
import {
  PERIOD_KINDS,
  type Period,
  type PeriodInput,
  periodInputSchema,
} from '@parta/shared/domain/contracts/timetable';
import { DateRangeFields, GRADE_OPTIONS } from './date-range-fields';

export interface PeriodFormProps {
  period?: Period;
  academicYear: string;
  onSubmit: (input: PeriodInput) => Promise<unknown>;
}

/** Name, kind, the grades it covers and its dates (dd.mm.yy, week from Monday). */
export function PeriodForm({ period, academicYear, onSubmit }: PeriodFormProps) {
  const form = useForm<PeriodInput>({
    initialValues: {
      academic_year: period?.academic_year ?? academicYear,
      name: period?.name ?? '',
      kind: period?.kind ?? 'quarter',
      start_date: period?.start_date ?? '',
      end_date: period?.end_date ?? '',
      grades: period?.grades ?? [1, 2, 3, 4, 5, 6, 7, 8, 9],
    },
    validate: schemaResolver(periodInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  return (
    <SaveForm save={save} onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}>
      <TextInput label="Название" withAsterisk placeholder="II четверть" {...form.getInputProps('name')} />
      <Group grow align="flex-start">
        <Select
          label="Вид"
          allowDeselect={false}
          data={Object.entries(PERIOD_KINDS).map(([value, label]) => ({ value, label }))}
          {...form.getInputProps('kind')}
        />
        <TextInput label="Учебный год" {...form.getInputProps('academic_year')} />
      </Group>
      <DateRangeFields value={form.values} errors={form.errors} onChange={form.setFieldValue} />
      <MultiSelect
        label="Классы (параллели)"
        data={GRADE_OPTIONS}
        value={(form.values.grades ?? []).map(String)}
        onChange={(value) => form.setFieldValue('grades', value.map(Number))}
        error={form.errors.grades}
      />
    </SaveForm>
  );
}
