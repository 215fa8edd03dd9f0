import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { fullName } from '@parta/shared';
import type { OrganizationOption } from '@parta/shared/domain/contracts/organizations';
import type { StaffCreated } from '@parta/shared/domain/contracts/people';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { OneTimePassword } from '../../accounts';
import { useCreateUser } from '../api/create-user';
import { StaffForm } from './staff-form';

export interface CreateStaffModalProps {
  opened: boolean;
  onClose: () => void;
  organizations: OrganizationOption[];
  defaultOrganizationId?: number;
}

/** New staff member; a generated password is shown once after saving. */
export function CreateStaffModal({
  opened,
  onClose,
  organizations,
  defaultOrganizationId,
}: CreateStaffModalProps) {
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const createUser = useCreateUser();
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Новый сотрудник" size="xl">
      {created ? (
        <Stack>
          <Alert color="emerald" title="Сотрудник добавлен">
            <Text>
              {fullName(created.data)}, логин <Code>{created.data.login}</Code>
            </Text>
            {created.password ? (
              <>
                <Group gap="xs" mt="xs">
                  <Text>Пароль:</Text>
                  <OneTimePassword password={created.password} testId="created-password" />
                </Group>
                <Text size="sm" mt={4}>
                  Он показан один раз: передайте его сотруднику.
                </Text>
              </>
            ) : null}
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to={paths.userEdit(created.data.id)} variant="light">
              Открыть карточку
            </Button>
            <Button onClick={close}>Готово</Button>
          </Group>
        </Stack>
      ) : (
        <StaffForm
          organizations={organizations}
          defaultOrganizationId={defaultOrganizationId}
          submitLabel="Добавить"
          onSubmit={async (values) => {
            setCreated(await createUser.mutateAsync(values));
          }}
        />
      )}
    </Modal>
  );
}
