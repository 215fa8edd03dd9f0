import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import type { CurrentUser } from './current-user';
import { Can, PermissionProvider, USER_LOAD_ERROR, usePermissions } from './permission-context';

const teacher: CurrentUser = {
  id: 7,
  surname: 'Петрова',
  name: 'Ирина',
  patronymic: 'Сергеевна',
  login: 'teacher',
  email: null,
  phone: null,
  password_change_required: false,
  roles: [{ id: 4, name: 'Учитель', code: 'teacher', organization_id: null }],
  permissions: [{ key: 'home.view' }, { key: 'journals.view' }],
  organization: {
    id: 2,
    name: 'Гимназия №1',
    short_name: 'Гимназия №1',
    balance: 1234.5,
    bonus_balance: 0,
    is_platform: false,
    working_days_per_week: 6,
  },
};

function Probe() {
  const { user, status, error, can, canAny } = usePermissions();
  return (
    <div>
      <span data-testid="status">{status}</span>
      <span data-testid="name">{user?.surname ?? ''}</span>
      <span data-testid="error">{error ?? ''}</span>
      <span data-testid="journal">{String(can('journals.view'))}</span>
      <span data-testid="users">{String(can('users.view'))}</span>
      <span data-testid="any">{String(canAny(['users.view', 'journals.view']))}</span>
      <span>
        <Can permission="journals.view">журнал</Can>
      </span>
      <span>
        <Can permission="organizations.create" fallback="нет доступа">
          управление
        </Can>
      </span>
    </div>
  );
}

async function renderWith(loadUser: () => Promise<CurrentUser>, children: ReactNode = <Probe />) {
  await act(async () => {
    render(
      <Provider store={createStore()}>
        <PermissionProvider loadUser={loadUser}>{children}</PermissionProvider>
      </Provider>,
    );
  });
}

describe('PermissionProvider', () => {
  it('loads the current user once and answers can() by permission key', async () => {
    const loadUser = jest.fn().mockResolvedValue(teacher);
    await renderWith(loadUser);
    expect(loadUser).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('status').textContent).toBe('ready');
    expect(screen.getByTestId('name').textContent).toBe('Петрова');
    expect(screen.getByTestId('journal').textContent).toBe('true');
    expect(screen.getByTestId('users').textContent).toBe('false');
    expect(screen.getByTestId('any').textContent).toBe('true');
  });

  it('<Can> shows children only with the key, else the fallback', async () => {
    await renderWith(async () => teacher);
    expect(screen.queryByText('журнал')).not.toBeNull();
    expect(screen.queryByText('управление')).toBeNull();
    expect(screen.queryByText('нет доступа')).not.toBeNull();
  });

  it("shows the server's message when loading fails", async () => {
    await renderWith(async () => {
      throw { response: { data: { message: 'Сессия истекла' } } };
    });
    expect(screen.getByTestId('status').textContent).toBe('error');
    expect(screen.getByTestId('error').textContent).toBe('Сессия истекла');
    expect(screen.getByTestId('journal').textContent).toBe('false');
  });

  it('falls back to the standard Russian message', async () => {
    await renderWith(async () => {
      throw new Error('boom');
    });
    expect(screen.getByTestId('error').textContent).toBe(USER_LOAD_ERROR);
  });

  it('refuses to work outside the provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/PermissionProvider/);
    spy.mockRestore();
  });
});
