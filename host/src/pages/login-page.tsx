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
import type { LoginBody } from '@parta/shared/domain/contracts/auth';
import { useAtom } from 'jotai';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link, type Location, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useLogin } from '../features/auth/api/login';
import { keepOneTimePassword } from '../features/auth/model/one-time-password';
import { takeOverSignInShell } from '../features/auth/model/sign-in-shell';

/** Where to go after signing in: the page the user was sent away from, else the dashboard. */
function targetOf(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (!from || from.pathname === '/login') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Sign-in by login and password (SPEC §2 /login). */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useAtom(tokenAtom);
  const [values, setValues] = useState<LoginBody>({ login: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<{ login?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = useLogin();

  const signInNow = async (credentials: LoginBody) => {
    const errors = {
      login: credentials.login.trim() ? undefined : 'Укажите логин',
      password: credentials.password ? undefined : 'Укажите пароль',
    };
    setFieldErrors(errors);
    if (errors.login || errors.password) return;
    setBusy(true);
    setError(null);
    try {
      const result = await signIn.mutateAsync({
        login: credentials.login.trim(),
        password: credentials.password,
      });
      if (result.user.password_change_required) keepOneTimePassword(credentials.password);
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

  // Taking over the HTML form while someone types in it (the app starts on the page's first use, so
  // this is the usual case): the latest text, the caret where it was, and «Войти» if it was pressed.
  const loginInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page takes over the HTML form
  useLayoutEffect(() => {
    const shell = takeOverSignInShell();
    if (!shell) {
      loginInput.current?.focus();
      return;
    }
    const typed = { login: shell.login, password: shell.password };
    setValues(typed);
    const field = shell.focused === 'password' ? passwordInput.current : loginInput.current;
    if (field) {
      field.focus();
      const end = (shell.focused === 'password' ? typed.password : typed.login).length;
      field.setSelectionRange(end, end);
    }
    if (shell.submitted) void signInNow(typed);
  }, []);

  if (token && !busy) return <Navigate to={targetOf(location)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signInNow(values);
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
            ref={loginInput}
            value={values.login}
            error={fieldErrors.login}
            onChange={(event) => setValues({ ...values, login: event.currentTarget.value })}
          />
          <PasswordInput
            label="Пароль"
            name="password"
            autoComplete="current-password"
            ref={passwordInput}
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
