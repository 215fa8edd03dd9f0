import { asc, eq, sql } from 'drizzle-orm';
import { inScope, type ScopedActor } from '../../access/scope';
import type { Database } from '../../db/client';
import { organizationSettings, organizations } from '../../db/schema';

/** The caller's organization and its descendants (every organization for a platform administrator). */
export function findOrganizationOptions(db: Database, scope: ScopedActor) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      short_name: organizations.shortName,
      parent_id: organizations.parentId,
    })
    .from(organizations)
    .where(inScope(scope, organizations.id))
    .orderBy(asc(organizations.id));
}

export function findSettings(db: Database, organizationId: number) {
  return db
    .select({ key: organizationSettings.key, value: organizationSettings.value })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
}

export async function upsertSettings(
  db: Database,
  organizationId: number,
  items: { key: string; value: string }[],
) {
  await db
    .insert(organizationSettings)
    .values(items.map((item) => ({ organizationId, key: item.key, value: item.value })))
    .onConflictDoUpdate({
      target: [organizationSettings.organizationId, organizationSettings.key],
      set: { value: sql`excluded.value` },
    });
}
