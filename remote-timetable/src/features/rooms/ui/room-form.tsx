import { NumberInput, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { personOptions, SaveForm, useFormSave } from '@parta/shared';
import type { PersonRef } from '@parta/shared/domain/contracts/common';
import {
  type Room,
  type RoomInput,
  roomInputSchema,
} from '@parta/shared/domain/contracts/timetable-generator';
import { ROOM_KINDS, type RoomKind } from '@parta/shared/domain/timetable';

export const roomKindOptions = Object.entries(ROOM_KINDS).map(([value, label]) => ({ value, label }));

export interface RoomFormProps {
  room?: Room;
  teachers: PersonRef[];
  onSubmit: (input: RoomInput) => Promise<unknown>;
}

/** A room: name, kind, capacity, and the teacher whose home room it is. */
export function RoomForm({ room, teachers, onSubmit }: RoomFormProps) {
  const form = useForm<RoomInput>({
    initialValues: {
      name: room?.name ?? '',
      kind: room?.kind ?? 'regular',
      capacity: room?.capacity ?? null,
      teacher_id: room?.teacher_id ?? null,
    },
    validate: schemaResolver(roomInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  return (
    <SaveForm save={save} onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}>
      <TextInput label="Название" withAsterisk placeholder="Каб. 21" {...form.getInputProps('name')} />
      <Select
        label="Вид"
        data={roomKindOptions}
        allowDeselect={false}
        value={form.values.kind ?? 'regular'}
        onChange={(value) => form.setFieldValue('kind', (value ?? 'regular') as RoomKind)}
        error={form.errors.kind}
      />
      <NumberInput
        label="Вместимость, учеников"
        description="Генератор расписания не поставит сюда класс или подгруппу больше; пусто — без ограничения"
        min={1}
        max={1000}
        allowDecimal={false}
        {...form.getInputProps('capacity')}
        value={form.values.capacity ?? ''}
        onChange={(value) => form.setFieldValue('capacity', value === '' ? null : Number(value))}
      />
      <Select
        label="Кабинет учителя"
        description="Уроки этого учителя пойдут сюда, если строка нагрузки не требует другого и класс помещается"
        searchable
        clearable
        data={personOptions(teachers)}
        value={form.values.teacher_id ? String(form.values.teacher_id) : null}
        onChange={(value) => form.setFieldValue('teacher_id', value ? Number(value) : null)}
        error={form.errors.teacher_id}
      />
    </SaveForm>
  );
}
