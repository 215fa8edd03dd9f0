import { Alert, Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { LazyDateInput, useFormSave } from '@parta/shared';
import { type HolidayInput, holidayInputSchema } from '@parta/shared/domain/contracts/timetable';

const GRADES = Array.from({ length: 11 }, (_, index) => String(index + 1));

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
    <form noValidate onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}>
      <Stack>
        {save.failure ? <Alert color="red">{save.failure}</Alert> : null}
        <TextInput
          label="Название"
          withAsterisk
          placeholder="Осенние каникулы"
          {...form.getInputProps('name')}
        />
        <Group grow align="flex-start">
          <LazyDateInput
            label="Начало"
            withAsterisk
            valueFormat="DD.MM.YY"
            placeholder="дд.мм.гг"
            {...form.getInputProps('start_date')}
            onChange={(value) => {
              form.setFieldValue('start_date', value ?? '');
              // A single day off needs only its date.
              if (value && !form.values.end_date) form.setFieldValue('end_date', value);
            }}
          />
          <LazyDateInput
            label="Конец"
            withAsterisk
            valueFormat="DD.MM.YY"
            placeholder="дд.мм.гг"
            minDate={form.values.start_date || undefined}
            {...form.getInputProps('end_date')}
            onChange={(value) => form.setFieldValue('end_date', value ?? '')}
          />
        </Group>
        <MultiSelect
          label="Только для классов"
          placeholder="Вся школа"
          data={GRADES}
          value={(form.values.grades ?? []).map(String)}
          onChange={(value) => form.setFieldValue('grades', value.map(Number))}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.saving}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
