import { NumberInput, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SaveForm, useFormSave } from '@parta/shared';
import {
  type Subject,
  type SubjectInput,
  subjectInputSchema,
} from '@parta/shared/domain/contracts/timetable';

export interface SubjectFormProps {
  subject?: Subject;
  onSubmit: (input: SubjectInput) => Promise<unknown>;
}

/** Name, short name, difficulty rank (СанПиН scale) and, when editing, the archive flag. */
export function SubjectForm({ subject, onSubmit }: SubjectFormProps) {
  const form = useForm<SubjectInput>({
    initialValues: {
      name: subject?.name ?? '',
      short_name: subject?.short_name ?? '',
      rank: subject?.rank ?? null,
      archived: subject?.archived ?? false,
    },
    validate: schemaResolver(subjectInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  return (
    <SaveForm save={save} onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}>
      <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
      <TextInput label="Сокращение" {...form.getInputProps('short_name')} />
      <NumberInput
        label="Ранг трудности (СанПиН, 1–13)"
        min={1}
        max={13}
        allowDecimal={false}
        {...form.getInputProps('rank')}
        onChange={(value) => form.setFieldValue('rank', value === '' ? null : Number(value))}
      />
      {subject ? <Switch label="В архиве" {...form.getInputProps('archived', { type: 'checkbox' })} /> : null}
    </SaveForm>
  );
}
