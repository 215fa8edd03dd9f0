import type { Role } from '@parta/shared/domain/contracts/auth';
import { and, asc, eq, inArray, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { organizations, roles, userRoles, users } from '../../db/schema';

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

/** Staff = users without a Ученик / Родитель role. */
function isStaff(db: Database): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, users.id), inArray(roles.code, ['student', 'parent']))),
  );
}

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

export async function findUsersPage(
  db: Database,
  filter: { organizationIds: number[]; search?: string; limit: number; offset: number },
) {
  const where = and(
    inArray(users.organizationId, filter.organizationIds),
    isStaff(db),
    filter.search ? searchCondition(filter.search) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .orderBy(asc(users.surname), asc(users.name), asc(users.patronymic), asc(users.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total: Number(total) };
}

export async function findUser(db: Database, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id));
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

/** System roles (organization_id null) plus the roles of the given organizations. */
export function findRoles(
  db: Database,
  filter: { organizationIds: number[]; includePlatformAdmin: boolean },
) {
  return db
    .select({ id: roles.id, name: roles.name, code: roles.code, organization_id: roles.organizationId })
    .from(roles)
    .where(
      and(
        or(isNull(roles.organizationId), inArray(roles.organizationId, filter.organizationIds)),
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
  roleCode: string,
): Promise<number> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode));
  if (!role) throw new Error(`system role ${roleCode} is missing`);
  const [user] = await db
    .insert(users)
    .values({ ...values, active: true })
    .returning({ id: users.id });
  await db
    .insert(userRoles)
    .values({ userId: user.id, roleId: role.id, organizationId: values.organizationId });
  return user.id;
}
