import type { RoleCode } from '@parta/shared/domain/permissions';
import type { Database } from '../db/client';
import { userRoles, users } from '../db/schema';
import { kindForRoles } from '../modules/users/users.repository';
import { loginFor, type PersonName, phoneFor } from './names';
import type { Random } from './random';

/** What every seed step shares: the PRNG, the one password hash, role ids and the logins taken so far. */
export interface SeedContext {
  db: Database;
  random: Random;
  passwordHash: string;
  roleIds: Record<RoleCode, number>;
  logins: Set<string>;
}

const CHUNK = 500;

/** Inserts rows in chunks (PostgreSQL allows 65,535 parameters per statement) and returns their ids in order. */
export async function insertMany<T extends Record<string, unknown>>(
  db: Database,
  // biome-ignore lint/suspicious/noExplicitAny: any Drizzle table with a serial id
  table: any,
  rows: T[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted: { id: number }[] = await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .returning({ id: table.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export interface SeedUser {
  person: PersonName;
  organizationId: number;
  roles: RoleCode[];
  /** A fixed login (demo users); otherwise derived from the name. */
  login?: string;
  emailDomain: string;
}

/** Creates users with the shared password hash and their roles; returns ids and logins in order. */
export async function insertUsers(context: SeedContext, list: SeedUser[]) {
  const rows = list.map((user) => {
    const login = user.login ?? loginFor(user.person, context.logins);
    if (user.login) context.logins.add(user.login);
    return {
      organizationId: user.organizationId,
      surname: user.person.surname,
      name: user.person.name,
      patronymic: user.person.patronymic,
      login,
      email: `${login}@${user.emailDomain}`,
      phone: phoneFor(context.random),
      passwordHash: context.passwordHash,
      kind: kindForRoles(user.roles),
      active: true,
    };
  });
  const ids = await insertMany(context.db, users, rows);
  const roleRows = list.flatMap((user, index) =>
    user.roles.map((code) => ({
      userId: ids[index],
      roleId: context.roleIds[code],
      organizationId: user.organizationId,
    })),
  );
  for (let i = 0; i < roleRows.length; i += CHUNK)
    await context.db.insert(userRoles).values(roleRows.slice(i, i + CHUNK));
  return ids.map((id, index) => ({ id, login: rows[index].login }));
}
