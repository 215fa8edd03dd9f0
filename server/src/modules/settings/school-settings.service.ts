import { type OrganizationSettingKey, SETTINGS_DEFAULTS } from '@parta/shared/domain/week';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { findSettings } from './settings.repository';

/**
 * The one typed way to read a school's settings: every key of SETTINGS_DEFAULTS as an integer, a
 * missing or unparseable stored value falling back to its default (SPEC §5). No scope check: the
 * caller has already found the school through the actor (a record in scope, a job of that school).
 */
export type SchoolSettings = Record<OrganizationSettingKey, number>;

/** «7», « 7 », «7 уроков» read as 7 (as parseInt does); anything else is absent. */
function integer(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = Number.parseInt(String(value), 10);
  return Number.isNaN(parsed) ? undefined : parsed;
}

const KEYS = Object.keys(SETTINGS_DEFAULTS) as OrganizationSettingKey[];

const schoolSettingsSchema = z.object(
  Object.fromEntries(
    KEYS.map((key) => [key, z.preprocess(integer, z.number().int()).catch(SETTINGS_DEFAULTS[key])]),
  ) as Record<OrganizationSettingKey, z.ZodCatch<z.ZodPipe<z.ZodTransform, z.ZodNumber>>>,
);

/** The stored key/value rows of a school parsed with their defaults (pure: tested without a database). */
export function parseSchoolSettings(rows: readonly { key: string; value: string | null }[]): SchoolSettings {
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return schoolSettingsSchema.parse(stored) as SchoolSettings;
}

/** A school's settings, typed, with defaults. */
export async function readSchoolSettings(db: Database, schoolId: number): Promise<SchoolSettings> {
  return parseSchoolSettings(await findSettings(db, schoolId));
}
