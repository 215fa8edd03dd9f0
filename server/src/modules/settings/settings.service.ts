import type { SettingsUpdate } from '@parta/shared/domain/contracts/organizations';
import { SETTINGS_DEFAULTS } from '@parta/shared/domain/week';
import { assertInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { findOrganizationOptions, findSettings, upsertSettings } from './settings.repository';

export async function listMyOrganizations(db: Database, actor: Actor) {
  return findOrganizationOptions(db, actor);
}

/** Settings of the caller's organization (or a child of it): every known key with its value and default. */
export async function getSettings(db: Database, actor: Actor, organizationId = actor.organizationId) {
  assertInScope(actor, organizationId);
  return settingsOf(db, organizationId);
}

/** Settings of an organization the caller has already checked (a background job of that school). */
export async function settingsOf(db: Database, organizationId: number) {
  const stored = new Map((await findSettings(db, organizationId)).map((row) => [row.key, row.value]));
  return Object.entries(SETTINGS_DEFAULTS).map(([key, fallback]) => ({
    key,
    value: stored.get(key) ?? String(fallback),
    default: String(fallback),
  }));
}

export async function updateSettings(
  db: Database,
  actor: Actor,
  items: { key: SettingsUpdate[number]['key']; value: string }[],
  organizationId = actor.organizationId,
) {
  assertInScope(actor, organizationId);
  await upsertSettings(db, organizationId, items);
  return getSettings(db, actor, organizationId);
}
