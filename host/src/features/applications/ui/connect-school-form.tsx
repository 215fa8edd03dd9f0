import { Alert, Button, Checkbox, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useFormSave } from '@parta/shared';
import { type ApplicationCreate, applicationCreateSchema } from '@parta/shared/domain/contracts/applications';
import { formatRussianPhone } from '@parta/shared/domain/phone';
import { useState } from 'react';
import { useSubmitApplication } from '../api/submit-application';
import classes from './connect-school-form.module.css';

type FormValues = Omit<ApplicationCreate, 'consent' | 'comment'> & { consent: boolean; comment: string };

const EMPTY: FormValues = {
  organization_name: '',
  inn: '',
  region: '',
  contact_name: '',
  email: '',
  phone: '',
  comment: '',
  consent: false,
  website: '',
};

/**
 * «Подключить школу» on the landing page (loaded on use: it brings zod and the contract, which the
 * login page must not carry): the public application form. `website` is a honeypot a
 * person never sees or reaches with Tab; bots fill it and the server refuses them.
 */
export default function ConnectSchoolForm() {
  const form = useForm<FormValues>({
    initialValues: EMPTY,
    validate: schemaResolver(applicationCreateSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useFormSave(form.setErrors);
  const submitApplication = useSubmitApplication();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const phone = form.getInputProps('phone');

  const submit = form.onSubmit((values) =>
    save.run(async () => {
      const created = await submitApplication.mutateAsync(applicationCreateSchema.parse(values));
      setConfirmation(created.message);
      form.reset();
    }),
  );

  if (confirmation) {
    return (
      <Alert color="emerald" title="Заявка отправлена" data-testid="application-confirmation">
        <Text>{confirmation}</Text>
        <Button variant="subtle" mt="sm" px={0} onClick={() => setConfirmation(null)}>
          Отправить ещё одну заявку
        </Button>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Заявка на подключение школы">
      <Stack gap="sm">
        {save.failure ? (
          <Alert color="red" title="Заявка не отправлена">
            {save.failure}
          </Alert>
        ) : null}
        <TextInput label="Название организации" withAsterisk {...form.getInputProps('organization_name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="ИНН"
            withAsterisk
            inputMode="numeric"
            maxLength={12}
            {...form.getInputProps('inn')}
          />
          <TextInput label="Регион" withAsterisk {...form.getInputProps('region')} />
        </SimpleGrid>
        <TextInput label="ФИО контактного лица" withAsterisk {...form.getInputProps('contact_name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="E-mail" type="email" withAsterisk {...form.getInputProps('email')} />
          <TextInput
            label="Телефон"
            type="tel"
            withAsterisk
            // An example, not a mask: the number typed is written so when the field is left (as stored).
            placeholder="+7 (900) 123-45-67"
            autoComplete="tel"
            {...phone}
            onBlur={(event) => {
              form.setFieldValue('phone', formatRussianPhone(event.currentTarget.value));
              phone.onBlur?.(event);
            }}
          />
        </SimpleGrid>
        <Textarea label="Комментарий" autosize minRows={2} maxRows={6} {...form.getInputProps('comment')} />
        <div className={classes.trap} aria-hidden="true">
          <TextInput label="Сайт" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
        </div>
        <Checkbox
          label="Согласен на обработку персональных данных"
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <Button type="submit" loading={save.saving} size="md">
          Отправить заявку
        </Button>
      </Stack>
    </form>
  );
}
