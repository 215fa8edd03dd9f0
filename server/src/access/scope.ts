import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { HttpError } from '../plugins/errors';

/**
 * The one access rule for records: every query names the caller's organization scope in its own
 * WHERE, so a record of another school is simply not found. Nothing loads a row by bare id and
 * checks afterwards.
 *
 * - `inScope(actor, table.organizationId)`: the condition for lists and joins;
 * - `findInScope(db, actor, table, id, message)`: one row by id, 404 when absent or out of scope;
 * - `scopeFilter(actor, column, requested)`: a list narrowed to one organization of the scope (404 outside it);
 * - `assertInScope(actor, organizationId)`: an organization id that came in a body or query.
 *
 * Row rules (a class teacher's own class, a teacher's own journals) are extra conditions of the
 * same WHERE, built by the service from `actor` and passed as `where`.
 */
export interface ScopedActor {
  userId: number;
  organizationId: number;
  /** Holds the platform_admin role (key organizations.create): every organization is in scope. */
  isPlatformAdmin: boolean;
  /** The caller's organization and its descendants (loaded with the session, one query). */
  organizationIds: readonly number[];
}

/** A table that carries `id` and `organization_id`, as every tenant table does. */
export type ScopedTable = PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn };

/** `column` is an organization the caller may see (no condition for a platform administrator). */
export function inScope(actor: ScopedActor, column: AnyPgColumn): SQL | undefined {
  if (actor.isPlatformAdmin) return undefined;
  if (actor.organizationIds.length === 0) return sql`false`;
  return inArray(column, [...actor.organizationIds]);
}

/**
 * The whole scope, or one organization of it that the request names; an organization outside the
 * scope answers 404 like one that does not exist.
 */
export function scopeFilter(actor: ScopedActor, column: AnyPgColumn, requested?: number): SQL | undefined {
  if (requested === undefined) return inScope(actor, column);
  assertInScope(actor, requested);
  return eq(column, requested);
}

/** True when the organization is in the caller's scope. */
function isInScope(actor: ScopedActor, organizationId: number): boolean {
  return actor.isPlatformAdmin || actor.organizationIds.includes(organizationId);
}

/** 404 unless the organization is in scope: an id outside it looks exactly like a missing one. */
export function assertInScope(
  actor: ScopedActor,
  organizationId: number,
  message = 'Организация не найдена',
) {
  if (!isInScope(actor, organizationId)) throw new HttpError(404, message);
}

/**
 * One row of `table` by id, within the caller's scope and any row rule (`where`); 404 with the
 * Russian `message` otherwise.
 */
export async function findInScope<T extends ScopedTable>(
  db: Database,
  actor: ScopedActor,
  table: T,
  id: number,
  message: string,
  where?: SQL,
): Promise<T['$inferSelect']> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), inScope(actor, table.organizationId), where))
    .limit(1);
  const row = rows[0] as T['$inferSelect'] | undefined;
  if (!row) throw new HttpError(404, message);
  return row;
}
