import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { getErrorMessage, getErrorStatus, tokenAtom } from '@parta/shared';
import { useAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Link, type Location, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useLogin } from '../features/auth/api/login';

/** Where to go after signing in: the page the user was sent away from, else the dashboard. */
function targetOf(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (!from || from.pathname === '/login') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** What was typed into the HTML sign-in shell before this page took over (shared/build/index.html). */
function typedBeforeStart(): { login: string; password: string } {
  const shell = (window as { __partaLoginShell?: { login?: string; password?: string } }).__partaLoginShell;
  return { login: shell?.login ?? '', password: shell?.password ?? '' };
}

/** Sign-in by login and password (SPEC §2 /login). */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useAtom(tokenAtom);
  const [values, setValues] = useState(typedBeforeStart);
  const [fieldErrors, setFieldErrors] = useState<{ login?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = useLogin();

  if (token && !busy) return <Navigate to={targetOf(location)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      login: values.login.trim() ? undefined : 'Укажите логин',
      password: values.password ? undefined : 'Укажите пароль',
    };
    setFieldErrors(errors);
    if (errors.login || errors.password) return;
    setBusy(true);
    setError(null);
    try {
      const result = await signIn.mutateAsync({ login: values.login.trim(), password: values.password });
      setToken(result.token);
      navigate(targetOf(location), { replace: true });
    } catch (failure) {
      const status = getErrorStatus(failure);
      setError(
        status === 401 || status === 422
          ? getErrorMessage(failure, 'Неверный логин или пароль')
          : getErrorMessage(failure, 'Не удалось войти. Попробуйте ещё раз.'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper
        component="form"
        onSubmit={submit}
        withBorder
        shadow="sm"
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        w="100%"
        maw={400}
        noValidate
      >
        <Stack gap="md">
          <div>
            <Text fw={800} fz={26} c="emerald">
              Parta
            </Text>
            <Title order={1} fz={22} mt={4}>
              Вход в систему
            </Title>
          </div>
          {error ? (
            <Alert color="red" role="alert" data-testid="login-error">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Логин"
            name="login"
            autoComplete="username"
            autoFocus
            value={values.login}
            error={fieldErrors.login}
            onChange={(event) => setValues({ ...values, login: event.currentTarget.value })}
          />
          <PasswordInput
            label="Пароль"
            name="password"
            autoComplete="current-password"
            value={values.password}
            error={fieldErrors.password}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
          />
          <Button type="submit" loading={busy} fullWidth size="md">
            Войти
          </Button>
          <Text size="sm" c="dimmed" data-testid="forgot-password">
            Забыли пароль? Ученикам и родителям новый пароль выдаёт классный руководитель или завуч,
            сотрудникам — директор школы. Новый пароль одноразовый: при входе его нужно сменить.
          </Text>
          <Text size="sm">
            Школа ещё не работает в Parta?{' '}
            <Anchor component={Link} to="/#connect">
              Подключить школу
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
