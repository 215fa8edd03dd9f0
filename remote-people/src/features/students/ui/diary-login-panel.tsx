import { Alert, Button, Code, Stack, Text, Title } from '@mantine/core';
import { getErrorMessage } from '@parta/shared';
import { useState } from 'react';
import { ResetPasswordPanel } from '../../accounts/ui/reset-password-panel';
import { useCreateStudentLogin } from '../api/create-student-login';

export interface DiaryLoginPanelProps {
  studentId: number;
  /** The student's login, null while they have none. */
  login: string | null;
  /** Whether the caller may create one (students.edit). */
  editable: boolean;
}

/** «Вход в дневник»: the student's login, or a button that creates one and shows its password once. */
export function DiaryLoginPanel({ studentId, login, editable }: DiaryLoginPanelProps) {
  const createStudentLogin = useCreateStudentLogin(studentId);
  const [created, setCreated] = useState<{ login: string; password: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setCreated(await createStudentLogin.mutateAsync({}));
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось создать вход'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={4}>Вход в дневник</Title>
      {created ? (
        <Alert color="emerald" title="Вход создан" data-testid="diary-login-created">
          Логин <Code>{created.login}</Code>, пароль <Code>{created.password}</Code>. Пароль показан один раз:
          передайте его ученику или родителям.
        </Alert>
      ) : login ? (
        <>
          <Text size="sm">
            Логин: <b>{login}</b>
          </Text>
          {editable ? (
            <ResetPasswordPanel
              target={{ kind: 'student', studentId }}
              recipient="ученику"
              label="Выдать новый пароль"
            />
          ) : null}
        </>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            У ученика пока нет учётной записи для дневника
          </Text>
          {editable ? (
            <Button variant="light" onClick={create} loading={busy} w="fit-content">
              Создать вход в дневник
            </Button>
          ) : null}
        </>
      )}
      {failure ? <Alert color="red">{failure}</Alert> : null}
    </Stack>
  );
}
