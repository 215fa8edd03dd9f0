import { Alert, Button, Group, NumberInput, Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { fullName, useFormSave } from '@parta/shared';
import type { PersonRef } from '@parta/shared/domain/contracts/common';
import type { GroupSubgroups } from '@parta/shared/domain/contracts/people';
import {
  type LoadInput,
  type LoadItem,
  loadInputSchema,
  type Subject,
} from '@parta/shared/domain/contracts/timetable';

export interface LoadFormProps {
  groupId: number;
  line?: LoadItem;
  subjects: Subject[];
  teachers: PersonRef[];
  splits: GroupSubgroups['sets'];
  onSubmit: (input: LoadInput) => Promise<unknown>;
}

/** One load line: subject, the whole class or one subgroup of its split, teacher, hours a week. */
export function LoadForm({ groupId, line, subjects, teachers, splits, onSubmit }: LoadFormProps) {
  const form = useForm<LoadInput>({
    initialValues: {
      group_id: groupId,
      subject_id: line?.subject_id ?? (undefined as unknown as number),
      subgroup_id: line?.subgroup_id ?? null,
      teacher_id: line?.teacher_id ?? null,
      hours_per_week: line?.hours_per_week ?? 1,
    },
    validate: schemaResolver(loadInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const split = splits.find((set) => set.subject_id === form.values.subject_id);
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}>
      <Stack>
        {save.failure ? <Alert color="red">{save.failure}</Alert> : null}
        <Select
          label="Предмет"
          withAsterisk
          searchable
          data={subjects
            .filter((subject) => !subject.archived)
            .map((subject) => ({ value: String(subject.id), label: subject.name }))}
          value={form.values.subject_id ? String(form.values.subject_id) : null}
          onChange={(value) => {
            form.setFieldValue('subject_id', Number(value));
            form.setFieldValue('subgroup_id', null);
          }}
          error={form.errors.subject_id}
        />
        <Select
          label="Подгруппа"
          placeholder="Весь класс"
          clearable
          disabled={!split}
          data={(split?.subgroups ?? []).map((subgroup) => ({
            value: String(subgroup.id),
            label: subgroup.name,
          }))}
          value={form.values.subgroup_id ? String(form.values.subgroup_id) : null}
          onChange={(value) => form.setFieldValue('subgroup_id', value ? Number(value) : null)}
          error={form.errors.subgroup_id}
        />
        <Select
          label="Учитель"
          searchable
          clearable
          data={teachers.map((teacher) => ({ value: String(teacher.id), label: fullName(teacher) }))}
          value={form.values.teacher_id ? String(form.values.teacher_id) : null}
          onChange={(value) => form.setFieldValue('teacher_id', value ? Number(value) : null)}
          error={form.errors.teacher_id}
        />
        <NumberInput
          label="Часов в неделю"
          min={0.5}
          max={40}
          step={0.5}
          decimalSeparator=","
          {...form.getInputProps('hours_per_week')}
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
