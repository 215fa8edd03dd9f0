import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PersonNameFields, SaveForm, useFormSave } from '@parta/shared';
import {
  type Application,
  type ApplicationApproved,
  applicationApproveSchema,
} from '@parta/shared/domain/contracts/applications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { type Dictionaries, DictionarySelects } from '../../registry';
import { useApproveApplication } from '../api/approve-application';
import { directorGuess } from '../model/director-guess';

interface FormValues {
  short_name: string;
  type_id: string | null;
  form_id: string | null;
  kind_id: string | null;
  director_surname: string;
  director_name: string;
  director_patronymic: string;
  login: string;
}

export interface ApproveModalProps {
  application: Application;
  dictionaries: Dictionaries;
  opened: boolean;
  onClose: () => void;
}

/**
 * Approval: the new organization's short name, type, form and kind, and its director. After saving,
 * the director's login and one-time password are shown once.
 */
export function ApproveModal({ application, dictionaries, opened, onClose }: ApproveModalProps) {
  const [approved, setApproved] = useState<ApplicationApproved | null>(null);
  const approve = useApproveApplication(application.id);
  const form = useForm<FormValues>({
    initialValues: {
      short_name: application.organization_name,
      type_id: null,
      form_id: null,
      kind_id: null,
      login: '',
      ...directorGuess(application.contact_name),
    },
    validate: schemaResolver(applicationApproveSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useFormSave(form.setErrors);
  const submit = form.onSubmit((values) =>
    save.run(async () => {
      setApproved(await approve.mutateAsync(applicationApproveSchema.parse(values)));
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={`Одобрить заявку №${application.id}`} size="lg">
      {approved ? (
        <Stack>
          <Alert color="emerald" title="Организация подключена">
            <Text>
              Вход директора: логин{' '}
              <Code fz="md" data-testid="director-login">
                {approved.login}
              </Code>
            </Text>
            <Text mt="xs">
              Пароль:{' '}
              <Code fz="md" data-testid="director-password">
                {approved.password}
              </Code>{' '}
              — он показан один раз. Передайте его директору.
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to={paths.organization(approved.organization_id)} variant="light">
              Открыть организацию
            </Button>
            <Button onClick={onClose}>Готово</Button>
          </Group>
        </Stack>
      ) : (
        <SaveForm
          save={save}
          onSubmit={submit}
          submitLabel="Одобрить и создать организацию"
          failureTitle="Заявка не одобрена"
          gap="sm"
        >
          <TextInput label="Краткое наименование" withAsterisk {...form.getInputProps('short_name')} />
          <DictionarySelects form={form} dictionaries={dictionaries} formLabel="Форма" />
          <Text fw={600} size="sm" mt="xs">
            Директор
          </Text>
          <PersonNameFields inputProps={(field) => form.getInputProps(`director_${field}`)} />
          <TextInput
            label="Логин"
            description="Пусто — логин составится из фамилии и инициалов"
            autoComplete="off"
            {...form.getInputProps('login')}
          />
        </SaveForm>
      )}
    </Modal>
  );
}
