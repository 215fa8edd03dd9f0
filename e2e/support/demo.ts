import type { APIRequestContext } from '@playwright/test';
import { type PermissionKey, ROLE_DEFINITIONS, type RoleCode } from '../../shared/src/domain/permissions';

export const DEMO_PASSWORD = 'parta2026';

/** Demo logins of the seed and the roles each one holds (server/src/seed). */
export const DEMO_ROLES: Record<string, RoleCode[]> = {
  admin: ['platform_admin'],
  director: ['director'],
  zavuch: ['deputy'],
  teacher: ['teacher', 'class_teacher'],
  student: ['student'],
  parent: ['parent'],
  director2: ['director'],
};

/** Permission keys a login holds according to ROLE_DEFINITIONS. */
export function permissionsOf(login: string): Set<PermissionKey> {
  return new Set(DEMO_ROLES[login].flatMap((role) => ROLE_DEFINITIONS[role].permissions));
}

/**
 * Sidebar items of SPEC §2 (and «Архив года», issue 40) and the key each needs, or the keys one of
 * which it needs (Настройки: organization.settings; «Архив года»: the year's end or a class teacher).
 */
export const MENU_ITEMS: { label: string; permission: PermissionKey | PermissionKey[] }[] = [
  { label: 'Рабочий стол', permission: 'home.view' },
  { label: 'Профиль', permission: 'home.view' },
  { label: 'Сотрудники', permission: 'users.view' },
  { label: 'Ученики', permission: 'students.view' },
  { label: 'Настройки', permission: 'organization.settings' },
  { label: 'Предметы', permission: 'subjects.view' },
  { label: 'Звонки', permission: 'bells.view' },
  { label: 'Периоды', permission: 'periods.view' },
  { label: 'Импорт', permission: 'timetables.edit' },
  { label: 'Классы', permission: 'classes.view' },
  { label: 'Нагрузка', permission: 'loads.view' },
  { label: 'Расписание', permission: 'timetables.view' },
  { label: 'Замены', permission: 'timetables.view' },
  { label: 'Дневник', permission: 'diary.view' },
  { label: 'Реестр организаций', permission: 'organizations.create' },
  { label: 'Заявки', permission: 'organizations.create' },
  { label: 'Журнал', permission: 'journals.view' },
  { label: 'Внеурочная деятельность', permission: 'journals.view' },
  { label: 'КТП', permission: 'ktp.view' },
  { label: 'Отчёты', permission: 'reports.view' },
  { label: 'Архив года', permission: ['periods.edit', 'students.edit'] },
];

/** The menu a login must see, in sidebar order. */
export function expectedMenu(login: string): string[] {
  const keys = permissionsOf(login);
  return MENU_ITEMS.filter((item) => [item.permission].flat().some((key) => keys.has(key))).map(
    (item) => item.label,
  );
}

export interface MeAnswer {
  id: number;
  roles: { code: string | null; name: string }[];
  permissions: { key: string }[];
  organization: { id: number; name: string; balance: number; bonus_balance: number };
}

/** Signs in through the API and returns the token. */
export async function apiLogin(request: APIRequestContext, login: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { login, password: DEMO_PASSWORD } });
  if (!response.ok()) throw new Error(`login ${login}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export async function apiMe(request: APIRequestContext, token: string): Promise<MeAnswer> {
  const response = await request.post('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`me: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: MeAnswer }).data;
}

/** Moves an organization's balance as a platform administrator: a top-up above zero, a charge below. */
export async function changeBalance(
  request: APIRequestContext,
  adminToken: string,
  organizationId: number,
  amount: number,
) {
  const response = await request.post(`/api/organizations/${organizationId}/balance-transactions`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      operation: amount >= 0 ? 'top_up' : 'charge',
      amount: Math.abs(amount),
      comment: 'e2e: проверка экрана оплаты',
    },
  });
  if (!response.ok()) throw new Error(`balance: ${response.status()} ${await response.text()}`);
}
