import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notify, useFormSave } from '@parta/shared';
import { changePasswordBodySchema } from '@parta/shared/domain/contracts/auth';
import { z } from 'zod';
import { useChangePassword } from '../api/change-password';

/** The contract plus the repeated new password, which only the form checks. */
const formSchema = changePasswordBodySchema
  .and(z.object({ repeat_password: z.string() }))
  .refine((values) => values.repeat_password === values.new_password, {
    path: ['repeat_password'],
    error: 'Пароли не совпадают',
  });

type FormValues = z.input<typeof formSchema>;

const EMPTY: FormValues = { current_password: '', new_password: '', repeat_password: '' };

export interface ChangePasswordFormProps {
  /** Label of the current password: the one-time password on the first sign-in. */
  currentLabel?: string;
  /** Called after the server accepted the new password. */
  onChanged?: () => void;
  /** The current password when the user has just typed it (signing in with a one-time one): not asked for again. */
  currentPassword?: string | null;
}

/** «Смена пароля»: current password, the new one twice; other sessions end on success. */
export function ChangePasswordForm({
  currentLabel = 'Текущий пароль',
  onChanged,
  currentPassword = null,
}: ChangePasswordFormProps) {
  const form = useForm<FormValues>({
    initialValues: { ...EMPTY, current_password: currentPassword ?? '' },
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const changePassword = useChangePassword();

  const submit = form.onSubmit(async ({ current_password, new_password }) => {
    await save.run(async () => {
      const message = await changePassword.mutateAsync({ current_password, new_password });
      form.reset();
      notify.success('Вход на других устройствах потребуется заново.', message);
      onChanged?.();
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="change-password">
      <Stack gap="sm">
        {save.failure ? (
          <Alert color="red" title="Пароль не изменён">
            {save.failure}
          </Alert>
        ) : null}
        {/* Shown again if the server refused the one kept from the sign-in (it says why on the field). */}
        {currentPassword === null || form.errors.current_password ? (
          <PasswordInput
            label={currentLabel}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
        ) : null}
        <PasswordInput
          label="Новый пароль"
          description="Не короче 8 символов"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Повторите новый пароль"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('repeat_password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.saving}>
            Сменить пароль
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
