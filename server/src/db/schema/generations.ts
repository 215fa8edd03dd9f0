import {
  GENERATION_STATUSES,
  type GenerationFigures,
  type GenerationInputParsed,
} from '@parta/shared/domain/contracts/timetable-generator';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { timetableTemplates } from './timetable';

/**
 * Timetable generations (issue 37): a job's whole state lives here, not in a process, so every API
 * instance answers the same about it. The queue (pg-boss) only carries `id` to a worker; the running
 * instance writes progress and `heartbeatAt` every second and polls `stopRequested`; any instance's
 * sweep fails a running row whose heartbeat went stale (its instance died).
 */
export const generations = pgTable(
  'generations',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    status: text({ enum: GENERATION_STATUSES }).notNull(),
    /** The parsed request (GenerationInputParsed) the worker runs with. */
    input: jsonb().$type<GenerationInputParsed>().notNull(),
    academicYear: text().notNull(),
    placed: integer().notNull().default(0),
    total: integer().notNull().default(0),
    hardViolations: integer().notNull().default(0),
    softCost: doublePrecision().notNull().default(0),
    teacherGaps: integer().notNull().default(0),
    seconds: doublePrecision().notNull().default(0),
    /** Russian reasons: why it is impossible, the check's problems, or why it failed. */
    reasons: jsonb().$type<string[]>().notNull().default([]),
    /** The result's figures per class and teacher (Generation.figures), once a timetable is saved. */
    figures: jsonb().$type<GenerationFigures>(),
    templateId: integer().references(() => timetableTemplates.id, { onDelete: 'set null' }),
    stopRequested: boolean().notNull().default(false),
    /** Which process runs it (host:pid), for the logs and the crash test. */
    runner: text(),
    heartbeatAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('generations_organization_id_idx').on(t.organizationId),
    // One generation under way per school, kept by the database whichever instance starts it.
    uniqueIndex('generations_one_active_per_org_uq')
      .on(t.organizationId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('generations_active_idx').on(t.status, t.id).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
