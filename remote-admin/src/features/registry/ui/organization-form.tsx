import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SaveForm, useFormSave } from '@parta/shared';
import {
  type OrganizationCreate,
  organizationCreateSchema,
  type RegistryOrganization,
} from '@parta/shared/domain/contracts/registry';
import type { Dictionaries } from '../api/get-dictionaries';
import { DictionarySelects } from './dictionary-selects';

/** What the form edits: the contract's input, selects as strings. */
interface FormValues {
  name: string;
  short_name: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  region: string;
  type_id: string | null;
  form_id: string | null;
  kind_id: string | null;
  parent_id: string | null;
}

function valuesOf(organization: RegistryOrganization | undefined, parentId: number | null): FormValues {
  const id = (value: number | null | undefined) => (value ? String(value) : null);
  return {
    name: organization?.name ?? '',
    short_name: organization?.short_name ?? '',
    inn: organization?.inn ?? '',
    kpp: organization?.kpp ?? '',
    ogrn: organization?.ogrn ?? '',
    address: organization?.address ?? '',
    region: organization?.region ?? '',
    type_id: id(organization?.type_id),
    form_id: id(organization?.form_id),
    kind_id: id(organization?.kind_id),
    parent_id: id(organization?.parent_id ?? parentId),
  };
}

export interface OrganizationFormProps {
  /** The organization being edited; a new one when absent. */
  organization?: RegistryOrganization;
  /** The parent of a new child organization. */
  parentId?: number | null;
  dictionaries: Dictionaries;
  submitLabel: string;
  /** Saves; a rejected 422 answer shows its field errors in the form. */
  onSubmit: (body: OrganizationCreate) => Promise<unknown>;
}

/** Requisites of an organization: names, ИНН / КПП / ОГРН, address, region, type, form and kind. */
export function OrganizationForm({
  organization,
  parentId = null,
  dictionaries,
  submitLabel,
  onSubmit,
}: OrganizationFormProps) {
  const form = useForm<FormValues>({
    initialValues: valuesOf(organization, parentId),
    validate: schemaResolver(organizationCreateSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useFormSave(form.setErrors);
  const submit = form.onSubmit((values) => save.run(() => onSubmit(organizationCreateSchema.parse(values))));

  return (
    <SaveForm
      save={save}
      onSubmit={submit}
      submitLabel={submitLabel}
      failureTitle="Не удалось сохранить"
      gap="sm"
    >
      <Textarea
        label="Полное наименование"
        withAsterisk
        autosize
        minRows={1}
        {...form.getInputProps('name')}
      />
      <TextInput label="Краткое наименование" withAsterisk {...form.getInputProps('short_name')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="ИНН"
          withAsterisk
          inputMode="numeric"
          maxLength={12}
          {...form.getInputProps('inn')}
        />
        <TextInput label="КПП" maxLength={9} {...form.getInputProps('kpp')} />
        <TextInput label="ОГРН" inputMode="numeric" maxLength={15} {...form.getInputProps('ogrn')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Регион" {...form.getInputProps('region')} />
        <TextInput label="Адрес" {...form.getInputProps('address')} />
      </SimpleGrid>
      <DictionarySelects form={form} dictionaries={dictionaries} />
    </SaveForm>
  );
}
