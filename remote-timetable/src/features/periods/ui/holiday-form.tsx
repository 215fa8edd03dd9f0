import { MultiSelect, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SaveForm, useFormSave } from '@parta/shared';
import { type HolidayInput, holidayInputSchema } from '@parta/shared/domain/contracts/timetable';
import { DateRangeFields, GRADE_OPTIONS } from './date-range-fields';

/** Каникулы or a single day off: name, dates, and the grades it applies to (none: the whole school). */
export function HolidayForm({
  academicYear,
  onSubmit,
}: {
  academicYear: string;
  onSubmit: (input: HolidayInput) => Promise<unknown>;
}) {
  const form = useForm<HolidayInput>({
    initialValues: { academic_year: academicYear, name: '', start_date: '', end_date: '', grades: [] },
    validate: schemaResolver(holidayInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  return (
    <SaveForm save={save} onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}>
      <TextInput
        label="Название"
        withAsterisk
        placeholder="Осенние каникулы"
        {...form.getInputProps('name')}
      />
      <DateRangeFields value={form.values} errors={form.errors} onChange={form.setFieldValue} fillEnd />
      <MultiSelect
        label="Только для классов"
        placeholder="Вся школа"
        data={GRADE_OPTIONS}
        value={(form.values.grades ?? []).map(String)}
        onChange={(value) => form.setFieldValue('grades', value.map(Number))}
      />
    </SaveForm>
  );
}
