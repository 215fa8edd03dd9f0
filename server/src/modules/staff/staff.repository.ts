import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, roles, userRoles, users } from '../../db/schema';

/** Whether another user already has this login (logins are unique across the platform, case-insensitive). */
export async function isLoginTaken(db: Db, login: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.login}) = ${login.toLowerCase()}`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Roles an organization may hand out: the system roles and its own. */
export async function findAssignableRoles(db: Db, organizationId: number, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(
      and(
        inArray(roles.id, roleIds),
        or(isNull(roles.organizationId), eq(roles.organizationId, organizationId)),
      ),
    );
}

export interface StaffValues {
  organizationId: number;
  surname: string;
  name: string;
  patronymic: string | null;
  login: string;
  email: string | null;
  phone: string | null;
  active: boolean;
}

export async function insertStaff(db: Db, values: StaffValues & { passwordHash: string }, roleIds: number[]) {
  return db.transaction(async (tx) => {
    // Whoever made the account knows its password: the new staff member sets their own on first sign-in.
    const [row] = await tx
      .insert(users)
      .values({ ...values, passwordChangeRequired: true })
      .returning({ id: users.id });
    await tx
      .insert(userRoles)
      .values(roleIds.map((roleId) => ({ userId: row.id, roleId, organizationId: values.organizationId })));
    return row.id;
  });
}

/** Saves the card and its roles; a deactivated user loses every open session at once. */
export async function updateStaff(db: Db, id: number, values: StaffValues, roleIds: number[]) {
  await db.transaction(async (tx) => {
    await tx.update(users).set(values).where(eq(users.id, id));
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx
      .insert(userRoles)
      .values(roleIds.map((roleId) => ({ userId: id, roleId, organizationId: values.organizationId })));
    if (!values.active) {
      await tx
        .update(apiTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiTokens.userId, id), isNull(apiTokens.revokedAt)));
    }
  });
}
