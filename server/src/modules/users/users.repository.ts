import type { Role } from '@parta/shared/domain/contracts/auth';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { inScopePlaceholder, preparedInScope, type ScopeVariant, scopeParams } from '../../access/prepared';
import { assertInScope, type ScopedActor, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { containsPattern, searchWords } from '../../db/like';
import { apiTokens, organizations, roles, type UserKind, userRoles, users } from '../../db/schema';

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

// Written into the statement, not sent as a value: a generic plan of the staff list would see `kind = $1`
// and count a third of all users (parents are most of them) where a school's staff are a tenth.
const isStaff = sql`${users.kind} = 'staff'`;

/** A staff member of exactly that organization (a КТП's or a room's teacher comes from its own school). */
export async function findStaffOf(db: Database, userId: number, organizationId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId), isStaff))
    .limit(1);
  return row ?? null;
}

/** The search box: up to five words, each found in the full name, the login or the e-mail. */
function searchPatterns(search: string | undefined): string[] | null {
  const words = searchWords(search);
  return words.length === 0 ? null : words.map(containsPattern);
}

/** A user's roles as a JSON array, in the same row. */
const rolesOfUser = sql<Role[]>`coalesce((
  select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}, 'code', ${roles.code},
                                    'organization_id', ${roles.organizationId}) order by ${roles.id})
    from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
   where ${userRoles.userId} = ${users.id}), '[]'::json)`;

/** Which of the staff list's optional filters a request uses: each combination is its own statement. */
interface UsersPageShape {
  /** One organization of the caller's scope (`organizationId`). */
  byOrganization: boolean;
  /** The search box's words (`patterns`). */
  searching: boolean;
}

/**
 * The staff list in one statement (page, roles and the total), prepared once: it is the screen a
 * school office opens most. One statement per shape of filter, not one with «organizationId is null
 * or …» and «patterns is null or …»: PostgreSQL cannot drop an optional branch from a prepared
 * statement's generic plan, so it costs every branch, finds the plans made with the values cheaper
 * and plans the list again on every call (at 1,000 schools 0.45 ms of planning for a 0.96 ms run).
 */
function buildUsersPage(db: Database, variant: ScopeVariant, shape: UsersPageShape) {
  const patterns = sql.placeholder('patterns');
  const fullName = sql`concat_ws(' ', ${users.surname}, ${users.name}, ${users.patronymic})`;
  return db
    .select({ ...userColumns, roles: rolesOfUser, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        isStaff,
        inScopePlaceholder(users.organizationId, variant),
        shape.byOrganization
          ? sql`${users.organizationId} = ${sql.placeholder('organizationId')}::int`
          : undefined,
        shape.searching
          ? sql`not exists (
              select 1 from unnest(${patterns}::text[]) as pattern
               where not (${fullName} ilike pattern or ${users.login} ilike pattern
                          or coalesce(${users.email}, '') ilike pattern))`
          : undefined,
      ),
    )
    .orderBy(asc(users.surname), asc(users.name), asc(users.patronymic), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`users_page_${variant}${shape.byOrganization ? '_org' : ''}${shape.searching ? '_search' : ''}`);
}
/** The staff list's statements, `usersPages[byOrganization][searching]` (0 or 1), each in its scope variants. */
const usersPages = [false, true].map((byOrganization) =>
  [false, true].map((searching) =>
    preparedInScope((db, variant) => buildUsersPage(db, variant, { byOrganization, searching })),
  ),
);
/** The staff list's statement for this shape of filter, in the caller's variant of scope. */
function usersPage(db: Database, scope: ScopedActor, shape: UsersPageShape) {
  return usersPages[Number(shape.byOrganization)][Number(shape.searching)](db, scope);
}

/** One page of staff in the caller's scope (or one organization of it) with their roles, and how many match. */
export async function findUsersPage(
  db: Database,
  scope: ScopedActor,
  filter: { organizationId?: number; search?: string; limit: number; offset: number },
) {
  if (filter.organizationId !== undefined) assertInScope(scope, filter.organizationId);
  const patterns = searchPatterns(filter.search);
  const query = usersPage(db, scope, {
    byOrganization: filter.organizationId !== undefined,
    searching: patterns !== null,
  });
  const params = { ...scopeParams(scope), organizationId: filter.organizationId ?? null, patterns };
  const found = await query.execute({ ...params, limit: filter.limit, offset: filter.offset });
  // A page past the end has no row to carry the total: ask for the first row only.
  const total =
    found.length > 0 || filter.offset === 0
      ? (found[0]?.total ?? 0)
      : ((await query.execute({ ...params, limit: 1, offset: 0 }))[0]?.total ?? 0);
  return { rows: found.map(({ total: _total, ...row }) => row), total };
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
    // The password comes from the student card (one-time): the pupil or parent changes it on first sign-in.
    .values({ ...values, kind: kindForRoles([roleCode]), active: true, passwordChangeRequired: true })
    .returning({ id: users.id });
  await db
    .insert(userRoles)
    .values({ userId: user.id, roleId: role.id, organizationId: values.organizationId });
  return user.id;
}

/** Whether another user already has this login (logins are unique across the platform, case-insensitive). */
export async function isLoginTaken(db: Database, login: string, exceptUserId?: number): Promise<boolean> {
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
export async function findAssignableRoles(db: Database, organizationId: number, roleIds: number[]) {
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

export async function insertStaff(
  db: Database,
  values: StaffValues & { passwordHash: string },
  roleIds: number[],
) {
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
export async function updateStaffRow(db: Database, id: number, values: StaffValues, roleIds: number[]) {
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
