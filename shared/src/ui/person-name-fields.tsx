import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';

export type PersonNameField = 'surname' | 'name' | 'patronymic';

export interface PersonNameFieldsProps {
  /** What the form binds to each field: `form.getInputProps`, or a prefixed path (`director_…`). */
  inputProps: (field: PersonNameField) => Partial<TextInputProps>;
  readOnly?: boolean;
}

/** A person's full name as every form of the product asks it: Фамилия and Имя required, Отчество not. */
export function PersonNameFields({ inputProps, readOnly }: PersonNameFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput label="Фамилия" withAsterisk readOnly={readOnly} {...inputProps('surname')} />
      <TextInput label="Имя" withAsterisk readOnly={readOnly} {...inputProps('name')} />
      <TextInput label="Отчество" readOnly={readOnly} {...inputProps('patronymic')} />
    </SimpleGrid>
  );
}
