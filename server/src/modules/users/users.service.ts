import { loginBase } from '@parta/shared/domain/logins';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { issueOneTimePassword } from '../auth/one-time-password';
import { isLoginTaken } from '../staff/staff.repository';
import { findRoles, findRolesOfUsers, findStaffUser, findUsersPage } from './users.repository';

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
