import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { findAllOrganizationIds, findSubtreeIds } from './tenancy.repository';

const cache = new WeakMap<Actor, Promise<number[]>>();

/**
 * Organizations the caller may see and change: their own and its descendants; every organization
 * for the platform administrator. Computed once per request (the actor lives for one request).
 */
export function allowedOrganizationIds(db: Database, actor: Actor): Promise<number[]> {
  let ids = cache.get(actor);
  if (!ids) {
    ids = actor.isPlatformAdmin ? findAllOrganizationIds(db) : findSubtreeIds(db, actor.organizationId);
    cache.set(actor, ids);
  }
  return ids;
}

/**
 * Throws 404 unless the organization is in the caller's tree: an id outside it looks exactly like
 * an id that does not exist, so nothing leaks.
 */
export async function assertOrganizationAllowed(
  db: Database,
  actor: Actor,
  organizationId: number,
  message = 'Организация не найдена',
): Promise<void> {
  const ids = await allowedOrganizationIds(db, actor);
  if (!ids.includes(organizationId)) throw notFound(message);
}

/**
 * The organizations a list should cover: the one asked for (checked against the tree) or the whole tree.
 */
export async function scopeOrganizationIds(
  db: Database,
  actor: Actor,
  requested: number | undefined,
): Promise<number[]> {
  if (requested === undefined) return allowedOrganizationIds(db, actor);
  await assertOrganizationAllowed(db, actor, requested);
  return [requested];
}
