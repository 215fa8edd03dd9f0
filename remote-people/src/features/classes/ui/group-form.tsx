import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { personOptions, SaveForm, useFormSave } from '@parta/shared';
import type { PersonRef } from '@parta/shared/domain/contracts/common';
import {
  type GroupInputParsed,
  groupInputSchema,
  type Group as SchoolClass,
} from '@parta/shared/domain/contracts/people';

export interface GroupFormValues {
  number: string | null;
  letter: string;
  manager_id: string | null;
}

export interface GroupFormProps {
  group?: SchoolClass;
  /** Teachers of the organization: the only people who may manage a class. */
  teachers: PersonRef[];
  submitLabel: string;
  readOnly?: boolean;
  onSubmit: (values: GroupInputParsed) => Promise<unknown>;
}

const NUMBERS = Array.from({ length: 11 }, (_, index) => String(index + 1));

/** Number 1–11, a Cyrillic letter and the class manager chosen from the teachers. */
export function GroupForm({ group, teachers, submitLabel, readOnly, onSubmit }: GroupFormProps) {
  const form = useForm<GroupFormValues>({
    initialValues: {
      number: group ? String(group.number) : null,
      letter: group?.letter ?? '',
      manager_id: group?.manager_id ? String(group.manager_id) : null,
    },
    validate: schemaResolver(groupInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useFormSave(form.setErrors);

  const submit = form.onSubmit(() => save.run(() => onSubmit(groupInputSchema.parse(form.values))));

  return (
    <SaveForm
      save={save}
      onSubmit={submit}
      submitLabel={submitLabel}
      failureTitle="Не удалось сохранить"
      readOnly={readOnly}
    >
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Select
          label="Номер"
          withAsterisk
          data={NUMBERS}
          allowDeselect={false}
          readOnly={readOnly}
          {...form.getInputProps('number')}
        />
        <TextInput
          label="Буква"
          withAsterisk
          maxLength={1}
          readOnly={readOnly}
          {...form.getInputProps('letter')}
          onChange={(event) => form.setFieldValue('letter', event.currentTarget.value.toUpperCase())}
        />
        <Select
          label="Классный руководитель"
          placeholder="Не назначен"
          searchable
          clearable
          readOnly={readOnly}
          data={personOptions(teachers)}
          {...form.getInputProps('manager_id')}
          style={{ gridColumn: 'span 2' }}
        />
      </SimpleGrid>
    </SaveForm>
  );
}
