import { Checkbox, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PersonNameFields, SaveForm, useFormSave } from '@parta/shared';
import type { OrganizationOption } from '@parta/shared/domain/contracts/organizations';
import { type Staff, type StaffCreate, staffCreateSchema } from '@parta/shared/domain/contracts/people';
import { useEffect } from 'react';
import { useRoles } from '../api/get-roles';

/** What the form edits: the contract's input with select values as strings. */
export interface StaffFormValues {
  surname: string;
  name: string;
  patronymic: string;
  login: string;
  email: string;
  phone: string;
  organization_id: string;
  role_ids: string[];
  active: boolean;
  password: string;
}

export interface StaffFormProps {
  /** The user being edited; a new one when absent (then a password may be set). */
  user?: Staff;
  /** Organizations the user may belong to (the caller's and its children). */
  organizations: OrganizationOption[];
  /** Organization preselected for a new user. */
  defaultOrganizationId?: number;
  submitLabel: string;
  /** Saves; a rejected 422 answer shows its field errors in the form. */
  onSubmit: (values: StaffCreate) => Promise<unknown>;
  /** Whether the fields can be changed (users.edit). */
  readOnly?: boolean;
  /** Who may change them, shown over read-only fields. */
  readOnlyNote?: string;
}

function valuesOf(user: Staff | undefined, organizationId: number | undefined): StaffFormValues {
  return {
    surname: user?.surname ?? '',
    name: user?.name ?? '',
    patronymic: user?.patronymic ?? '',
    login: user?.login ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    organization_id: String(user?.organization_id ?? organizationId ?? ''),
    role_ids: (user?.roles ?? []).map((role) => String(role.id)),
    active: user?.active ?? true,
    password: '',
  };
}

/** Card of a staff member: personal data, organization, its roles and the active switch. */
export function StaffForm({
  user,
  organizations,
  defaultOrganizationId,
  submitLabel,
  onSubmit,
  readOnly,
  readOnlyNote,
}: StaffFormProps) {
  const form = useForm<StaffFormValues>({
    initialValues: valuesOf(user, defaultOrganizationId),
    validate: schemaResolver(staffCreateSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useFormSave(form.setErrors);
  const organizationId = Number(form.values.organization_id) || undefined;
  const roles = useRoles(organizationId);
  // Ученик and Родитель come with a student's card, never with a staff member's.
  const staffRoles = (roles.data ?? []).filter((role) => role.code !== 'student' && role.code !== 'parent');

  // Roles belong to an organization: after switching it, keep only the roles the new one offers.
  const roleIds = roles.data ? staffRoles.map((role) => String(role.id)) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the offered roles change
  useEffect(() => {
    if (!roleIds) return;
    const kept = form.values.role_ids.filter((id) => roleIds.includes(id));
    if (kept.length !== form.values.role_ids.length) form.setFieldValue('role_ids', kept);
  }, [roleIds?.join(',')]);

  const submit = form.onSubmit(() => save.run(() => onSubmit(staffCreateSchema.parse(form.values))));

  return (
    <SaveForm
      save={save}
      onSubmit={submit}
      submitLabel={submitLabel}
      failureTitle="Не удалось сохранить"
      readOnly={readOnly}
      readOnlyNote={readOnlyNote}
    >
      <PersonNameFields inputProps={form.getInputProps} readOnly={readOnly} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Логин"
          withAsterisk
          autoComplete="off"
          readOnly={readOnly}
          {...form.getInputProps('login')}
        />
        <TextInput label="Эл. почта" type="email" readOnly={readOnly} {...form.getInputProps('email')} />
        <TextInput label="Телефон" type="tel" readOnly={readOnly} {...form.getInputProps('phone')} />
      </SimpleGrid>
      <Select
        label="Организация"
        withAsterisk
        allowDeselect={false}
        readOnly={readOnly}
        data={organizations.map((organization) => ({
          value: String(organization.id),
          label: organization.short_name || organization.name,
        }))}
        {...form.getInputProps('organization_id')}
      />
      <Checkbox.Group label="Роли" withAsterisk {...form.getInputProps('role_ids')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
          {staffRoles.map((role) => (
            <Checkbox key={role.id} value={String(role.id)} label={role.name} disabled={readOnly} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {user ? null : (
        <PasswordInput
          label="Пароль"
          description="Оставьте пустым, и пароль будет создан автоматически"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
      )}
      <Switch
        label={
          form.values.active
            ? 'Активен: может входить в систему'
            : 'Отключён: вход запрещён, история сохранена'
        }
        disabled={readOnly}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </SaveForm>
  );
}
