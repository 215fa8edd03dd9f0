import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, organizations, rolePermissions, roles, userRoles, users } from '../../db/schema';

/**
 * Every API request runs this lookup, so it is a prepared statement: PostgreSQL plans it once per
 * connection instead of on each request (planning cost more than running it: ~4× the throughput).
 */
function prepareSessionLookup(db: Database) {
  return db
    .select({
      tokenId: apiTokens.id,
      userId: users.id,
      organizationId: users.organizationId,
      balance: organizations.balance,
      organizationStatus: organizations.status,
      passwordChangeRequired: users.passwordChangeRequired,
      // The caller's organization and its descendants, in the same round trip: the scope every query uses.
      organizationIds: sql<number[]>`array(
        with recursive tree(id) as (
          select ${users.organizationId}
          union
          select child.id from ${organizations} child join tree on child.parent_id = tree.id
        )
        select id from tree)`,
      permissions: sql<
        string[]
      >`coalesce(array_agg(distinct ${rolePermissions.permissionKey}) filter (where ${rolePermissions.permissionKey} is not null), '{}')`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    )
    .groupBy(apiTokens.id, users.id, organizations.id)
    .prepare('session_by_token_hash');
}

const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/** The signed-in caller behind a valid, unrevoked, unexpired token of an active user. */
export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ tokenHash });
  return rows[0];
}

export async function findUserByLogin(db: Database, login: string) {
  const rows = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      passwordHash: users.passwordHash,
      active: users.active,
    })
    .from(users)
    .where(sql`lower(${users.login}) = lower(${login})`)
    .limit(1);
  return rows[0];
}

export async function insertToken(
  db: Database,
  token: { userId: number; organizationId: number; tokenHash: string; expiresAt: Date },
) {
  await db.insert(apiTokens).values(token);
}

export async function revokeToken(db: Database, tokenId: number) {
  await db.update(apiTokens).set({ revokedAt: sql`now()` }).where(eq(apiTokens.id, tokenId));
}

/** Revokes every live token of the user, but for `keepTokenId` (the caller's own session) when given. */
export async function revokeUserTokens(db: Database, userId: number, keepTokenId?: number) {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        keepTokenId === undefined ? undefined : ne(apiTokens.id, keepTokenId),
      ),
    );
}

export async function findPasswordHash(db: Database, userId: number) {
  const [row] = await db
    .select({ login: users.login, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The user, their organization, roles and permission keys: what /api/auth/me answers. */
export async function findCurrentUser(db: Database, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
      login: users.login,
      email: users.email,
      phone: users.phone,
      kind: users.kind,
      password_change_required: users.passwordChangeRequired,
      organization: {
        id: organizations.id,
        name: organizations.name,
        short_name: organizations.shortName,
        balance: organizations.balance,
        bonus_balance: organizations.bonusBalance,
        is_platform: organizations.isPlatform,
      },
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  if (!user) return undefined;
  const userRoleRows = await db
    .select({ id: roles.id, name: roles.name, code: roles.code, organization_id: roles.organizationId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.id));
  const permissionRows = await db
    .selectDistinct({ key: rolePermissions.permissionKey })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(rolePermissions.permissionKey));
  const { kind, organization, ...rest } = user;
  // The school's money is for its staff: a pupil's or a parent's session carries no balance.
  const money =
    kind === 'staff'
      ? { balance: organization.balance, bonus_balance: organization.bonus_balance }
      : { balance: null, bonus_balance: null };
  return {
    ...rest,
    organization: { ...organization, ...money },
    roles: userRoleRows,
    permissions: permissionRows,
  };
}

/** A new password: `changeRequired` when someone else set it (one-time), false when the user chose it. */
export async function updatePasswordHash(
  db: Database,
  id: number,
  passwordHash: string,
  { changeRequired }: { changeRequired: boolean },
) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangeRequired: changeRequired })
    .where(eq(users.id, id));
}
