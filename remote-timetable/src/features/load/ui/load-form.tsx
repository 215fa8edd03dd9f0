import { Checkbox, Fieldset, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { personOptions, SaveForm, useFormSave } from '@parta/shared';
import type { PersonRef } from '@parta/shared/domain/contracts/common';
import type { GroupSubgroups } from '@parta/shared/domain/contracts/people';
import {
  type LoadInput,
  type LoadItem,
  loadInputSchema,
  type Subject,
} from '@parta/shared/domain/contracts/timetable';
import type { Room } from '@parta/shared/domain/contracts/timetable-generator';
import { ROOM_KINDS, type RoomKind } from '@parta/shared/domain/timetable';

export interface LoadFormProps {
  groupId: number;
  line?: LoadItem;
  subjects: Subject[];
  teachers: PersonRef[];
  splits: GroupSubgroups['sets'];
  /** The organization's rooms (a line may require one). */
  rooms?: Room[];
  onSubmit: (input: LoadInput) => Promise<unknown>;
}

/**
 * One load line: subject, the whole class or one subgroup of its split, teacher, hours a week,
 * «без отметок» (безотметочное обучение: the journal takes attendance only, the reports leave the
 * line out), and the generator's flags (a room kind or room, a «пара», subgroups at the same time).
 */
export function LoadForm({ groupId, line, subjects, teachers, splits, rooms = [], onSubmit }: LoadFormProps) {
  const form = useForm<LoadInput>({
    initialValues: {
      group_id: groupId,
      subject_id: line?.subject_id ?? (undefined as unknown as number),
      subgroup_id: line?.subgroup_id ?? null,
      teacher_id: line?.teacher_id ?? null,
      hours_per_week: line?.hours_per_week ?? 1,
      room_kind: line?.room_kind ?? null,
      room_id: line?.room_id ?? null,
      pair_allowed: line?.pair_allowed ?? false,
      subgroups_parallel: line?.subgroups_parallel ?? true,
      graded: line?.graded ?? true,
    },
    validate: schemaResolver(loadInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const split = splits.find((set) => set.subject_id === form.values.subject_id);
  return (
    <SaveForm save={save} onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}>
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
        data={personOptions(teachers)}
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
      <Checkbox
        label="Без отметок"
        description="Безотметочное обучение: в журнале только пропуски, в отчётах строка не считается"
        checked={form.values.graded === false}
        onChange={(event) => form.setFieldValue('graded', !event.currentTarget.checked)}
        error={form.errors.graded}
      />
      <Fieldset legend="Для генератора расписания">
        <Stack gap="sm">
          <Select
            label="Вид кабинета"
            placeholder="Любой"
            clearable
            data={Object.entries(ROOM_KINDS).map(([value, label]) => ({ value, label }))}
            value={form.values.room_kind ?? null}
            onChange={(value) => form.setFieldValue('room_kind', (value as RoomKind | null) ?? null)}
            error={form.errors.room_kind}
          />
          <Select
            label="Кабинет"
            placeholder="Любой подходящий"
            clearable
            searchable
            data={rooms.map((room) => ({ value: String(room.id), label: room.name }))}
            value={form.values.room_id ? String(form.values.room_id) : null}
            onChange={(value) => form.setFieldValue('room_id', value ? Number(value) : null)}
            error={form.errors.room_id}
          />
          <Switch
            label="Можно парой (два урока подряд в один день)"
            {...form.getInputProps('pair_allowed', { type: 'checkbox' })}
          />
          {form.values.subgroup_id ? (
            <Switch
              label="Подгруппы одновременно"
              {...form.getInputProps('subgroups_parallel', { type: 'checkbox' })}
            />
          ) : null}
        </Stack>
      </Fieldset>
    </SaveForm>
  );
}
