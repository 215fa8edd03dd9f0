import type { Role } from '@parta/shared/domain/contracts/auth';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { organizations, roles, type UserKind, userRoles, users } from '../../db/schema';
import { type ScopedActor, scopeFilter } from '../../db/scope';

const userColumns = {
  id: users.id,
  surname: users.surname,
  name: users.name,
  patronymic: users.patronymic,
  login: users.login,
  email: users.email,
  phone: users.phone,
  active: users.active,
  organization_id: users.organizationId,
  organization: { id: organizations.id, name: organizations.name, short_name: organizations.shortName },
};

/** The kind an account gets from the roles it is created with: a student or parent role decides. */
export function kindForRoles(roleCodes: readonly (string | null)[]): UserKind {
  if (roleCodes.includes('student')) return 'student';
  if (roleCodes.includes('parent')) return 'parent';
  return 'staff';
}

const isStaff = eq(users.kind, 'staff');

function searchCondition(search: string): SQL | undefined {
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  const fullName = sql`concat_ws(' ', ${users.surname}, ${users.name}, ${users.patronymic})`;
  const perWord = words.map((word) => {
    const pattern = containsPattern(word);
    return or(
      sql`${fullName} ilike ${pattern}`,
      sql`${users.login} ilike ${pattern}`,
      sql`coalesce(${users.email}, '') ilike ${pattern}`,
    )!;
  });
  return and(...perWord);
}

/** One page of staff in the caller's scope (or one organization of it) and how many match. */
export async function findUsersPage(
  db: Database,
  scope: ScopedActor,
  filter: { organizationId?: number; search?: string; limit: number; offset: number },
) {
  const where = and(
    scopeFilter(scope, users.organizationId, filter.organizationId),
    isStaff,
    filter.search ? searchCondition(filter.search) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
    db
      .select(userColumns)
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where)
      .orderBy(asc(users.surname), asc(users.name), asc(users.patronymic), asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
  ]);
  return { rows, total: Number(total) };
}

/** One staff member of the caller's scope; students' and parents' accounts are not found here. */
export async function findStaffUser(db: Database, scope: ScopedActor, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.id, id), isStaff, scopeFilter(scope, users.organizationId)));
  return row;
}

/** Roles of several users at once, grouped by user id. */
export async function findRolesOfUsers(db: Database, userIds: number[]) {
  const byUser = new Map<number, Role[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: userRoles.userId,
      id: roles.id,
      name: roles.name,
      code: roles.code,
      organization_id: roles.organizationId,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const { userId, ...role } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(role);
    byUser.set(userId, list);
  }
  return byUser;
}

export async function updatePasswordHash(db: Database, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** System roles (organization_id null) plus the roles of the caller's scope (or one organization of it). */
export function findRoles(
  db: Database,
  scope: ScopedActor,
  filter: { organizationId?: number; includePlatformAdmin: boolean },
) {
  return db
    .select({ id: roles.id, name: roles.name, code: roles.code, organization_id: roles.organizationId })
    .from(roles)
    .where(
      and(
        or(isNull(roles.organizationId), scopeFilter(scope, roles.organizationId, filter.organizationId)),
        filter.includePlatformAdmin
          ? undefined
          : or(isNull(roles.code), sql`${roles.code} <> 'platform_admin'`),
      ),
    )
    .orderBy(asc(roles.id));
}

/** A new active user holding one system role (`student`, `parent`); pass a transaction to join a larger write. */
export async function insertUserWithRole(
  db: Database,
  values: {
    organizationId: number;
    surname: string;
    name: string;
    patronymic: string | null;
    login: string;
    passwordHash: string;
    phone?: string | null;
    email?: string | null;
  },
  roleCode: 'student' | 'parent',
): Promise<number> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode));
  if (!role) throw new Error(`system role ${roleCode} is missing`);
  const [user] = await db
    .insert(users)
    .values({ ...values, kind: kindForRoles([roleCode]), active: true })
    .returning({ id: users.id });
  await db
    .insert(userRoles)
    .values({ userId: user.id, roleId: role.id, organizationId: values.organizationId });
  return user.id;
}
