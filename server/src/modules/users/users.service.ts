import type { StaffCreate, StaffCreated, StaffUpdate } from '@parta/shared/domain/contracts/people';
import { loginBase } from '@parta/shared/domain/logins';
import { targetOrganization } from '../../access/organization';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { generatePassword, hashPassword, issueOneTimePassword } from '../auth/auth.service';
import {
  findAssignableRoles,
  findRoles,
  findRolesOfUsers,
  findStaffOf,
  findStaffUser,
  findUsersPage,
  insertStaff,
  insertUserWithRole,
  isLoginTaken,
  updateStaffRow,
} from './users.repository';

export interface UserListQuery {
  page: number;
  per_page: number;
  search?: string;
  organization_id?: number;
}

/** Staff of the caller's tree (or one organization of it), searched by full name, login or e-mail. */
export async function listUsers(db: Database, actor: Actor, query: UserListQuery) {
  const { rows, total } = await findUsersPage(db, actor, {
    organizationId: query.organization_id,
    search: query.search,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows,
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}

/**
 * One staff member of the caller's tree; a user outside it, or a student's or parent's account
 * (managed from the student card), answers 404 like a missing one.
 */
export async function getUser(db: Database, actor: Actor, id: number) {
  const user = await findStaffUser(db, actor, id);
  if (!user) throw notFound('Пользователь не найден');
  const rolesByUser = await findRolesOfUsers(db, [id]);
  return { ...user, roles: rolesByUser.get(id) ?? [] };
}

/** Sets a new random password, revokes the user's tokens and answers the password once. */
export async function resetPassword(db: Database, actor: Actor, id: number) {
  const user = await getUser(db, actor, id);
  const password = await issueOneTimePassword(db, id);
  return { id: user.id, login: user.login, password };
}

export async function listRoles(db: Database, actor: Actor, organizationId: number | undefined) {
  return findRoles(db, actor, { organizationId, includePlatformAdmin: actor.isPlatformAdmin });
}

/** A free login from the name: `ivanov.ip`, then `ivanov.ip2` … */
export async function freeLoginFor(
  db: Database,
  person: { surname: string; name: string; patronymic: string | null },
) {
  const base = loginBase(person);
  let login = base;
  for (let n = 2; await isLoginTaken(db, login); n += 1) login = `${base}${n}`;
  return login;
}

/** Whether another user already has this login (logins are unique across the platform). */
export function loginTaken(db: Database, login: string): Promise<boolean> {
  return isLoginTaken(db, login);
}

/**
 * A new active account holding one system role (a student's or a parent's sign-in); pass a
 * transaction to make it part of a larger write.
 */
export function createAccount(
  db: Database,
  values: Parameters<typeof insertUserWithRole>[1],
  roleCode: 'student' | 'parent',
): Promise<number> {
  return insertUserWithRole(db, values, roleCode);
}

/** Roles that make a user a student or a parent, not staff: those come with the student's card. */
const NON_STAFF_ROLES = new Set(['student', 'parent']);

/** Checks the organization, the login and the roles; collects every problem as a field error. */
async function checkStaff(db: Database, actor: Actor, input: StaffUpdate, exceptUserId?: number) {
  const organizationId = targetOrganization(actor, input.organization_id);
  const errors: Record<string, string[]> = {};
  const roles = await findAssignableRoles(db, organizationId, input.role_ids);
  const found = new Set(roles.map((role) => role.id));
  if (input.role_ids.some((id) => !found.has(id))) {
    errors.role_ids = ['Есть роли, которых нет в этой организации'];
  } else if (roles.some((role) => role.code && NON_STAFF_ROLES.has(role.code))) {
    errors.role_ids = ['Роли «Ученик» и «Родитель» выдаются через карточку ученика'];
  } else if (!actor.isPlatformAdmin && roles.some((role) => role.code === 'platform_admin')) {
    errors.role_ids = ['Роль администратора платформы может выдать только администратор платформы'];
  }
  if (await isLoginTaken(db, input.login, exceptUserId)) errors.login = ['Этот логин уже занят'];
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
}

/** POST /api/users: a new staff member; without a password one is generated and answered once. */
export async function createStaff(db: Database, actor: Actor, input: StaffCreate): Promise<StaffCreated> {
  await checkStaff(db, actor, input);
  const password = input.password ?? generatePassword();
  const id = await insertStaff(
    db,
    {
      organizationId: input.organization_id,
      surname: input.surname,
      name: input.name,
      patronymic: input.patronymic,
      login: input.login,
      email: input.email,
      phone: input.phone,
      active: input.active,
      passwordHash: await hashPassword(password),
    },
    [...new Set(input.role_ids)],
  );
  return { data: await getUser(db, actor, id), password: input.password ? null : password };
}

/** PUT /api/users/{id}: the card, roles and active state; deactivating ends the user's sessions. */
export async function updateStaff(db: Database, actor: Actor, id: number, input: StaffUpdate) {
  await getUser(db, actor, id);
  if (id === actor.userId && !input.active) {
    throw unprocessable(VALIDATION_MESSAGE, { active: ['Нельзя отключить собственную учётную запись'] });
  }
  await checkStaff(db, actor, input, id);
  await updateStaffRow(
    db,
    id,
    {
      organizationId: input.organization_id,
      surname: input.surname,
      name: input.name,
      patronymic: input.patronymic,
      login: input.login,
      email: input.email,
      phone: input.phone,
      active: input.active,
    },
    [...new Set(input.role_ids)],
  );
  return getUser(db, actor, id);
}

/** Whether `userId` is a staff member of exactly `organizationId`: other modules ask this, not the repository. */
export async function isStaffOf(db: Database, userId: number, organizationId: number): Promise<boolean> {
  return (await findStaffOf(db, userId, organizationId)) !== null;
}
