import { Select, SimpleGrid } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { classOptions, LazyDateInput, PersonNameFields, SaveForm, useFormSave } from '@parta/shared';
import {
  type Group as SchoolClass,
  type Student,
  type StudentInputParsed,
  studentInputSchema,
} from '@parta/shared/domain/contracts/people';

export interface StudentFormValues {
  surname: string;
  name: string;
  patronymic: string;
  birth_date: string | null;
  group_id: string | null;
  status: 'active' | 'left';
}

export interface StudentFormProps {
  student?: Student;
  /** Classes the student may be in (moving = choosing another one). */
  groups: SchoolClass[];
  /** Class preselected for a new student. */
  defaultGroupId?: number;
  submitLabel: string;
  readOnly?: boolean;
  onSubmit: (values: StudentInputParsed) => Promise<unknown>;
}

/** Personal data and class of a student; changing the class moves the student. */
export function StudentForm({
  student,
  groups,
  defaultGroupId,
  submitLabel,
  readOnly,
  onSubmit,
}: StudentFormProps) {
  const form = useForm<StudentFormValues>({
    initialValues: {
      surname: student?.surname ?? '',
      name: student?.name ?? '',
      patronymic: student?.patronymic ?? '',
      birth_date: student?.birth_date ?? null,
      group_id: student?.group_id ? String(student.group_id) : defaultGroupId ? String(defaultGroupId) : null,
      status: student?.status ?? 'active',
    },
    validate: schemaResolver(studentInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useFormSave(form.setErrors);

  const submit = form.onSubmit(() => save.run(() => onSubmit(studentInputSchema.parse(form.values))));

  return (
    <SaveForm
      save={save}
      onSubmit={submit}
      submitLabel={submitLabel}
      failureTitle="Не удалось сохранить"
      readOnly={readOnly}
    >
      <PersonNameFields inputProps={form.getInputProps} readOnly={readOnly} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LazyDateInput
          label="Дата рождения"
          placeholder="ДД.ММ.ГГ"
          clearable
          maxDate={new Date()}
          readOnly={readOnly}
          {...form.getInputProps('birth_date')}
        />
        <Select
          label="Класс"
          placeholder="Без класса"
          searchable
          clearable
          readOnly={readOnly}
          data={classOptions(groups)}
          {...form.getInputProps('group_id')}
        />
      </SimpleGrid>
    </SaveForm>
  );
}
