import { Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Dictionaries } from '../api/get-dictionaries';

const options = (items: { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

interface DictionaryFields {
  type_id: string | null;
  form_id: string | null;
  kind_id: string | null;
}

/** Type, organizational form and kind of an organization, from the registry dictionaries. */
export function DictionarySelects<Values extends DictionaryFields>({
  form,
  dictionaries,
  formLabel = 'Организационно-правовая форма',
}: {
  form: UseFormReturnType<Values>;
  dictionaries: Dictionaries;
  /** The form select's label; a narrow dialog uses «Форма». */
  formLabel?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select label="Тип" clearable data={options(dictionaries.types)} {...form.getInputProps('type_id')} />
      <Select
        label={formLabel}
        clearable
        data={options(dictionaries.forms)}
        {...form.getInputProps('form_id')}
      />
      <Select label="Вид" clearable data={options(dictionaries.kinds)} {...form.getInputProps('kind_id')} />
    </SimpleGrid>
  );
}
