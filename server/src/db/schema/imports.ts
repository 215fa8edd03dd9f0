import type { ImportPreview, ImportResult } from '@parta/shared/domain/contracts/imports';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** A run's statuses as the table keeps them (the contract answers queued and running as «applying»). */
export const IMPORT_ROW_STATUSES = ['preview', 'queued', 'running', 'done', 'failed', 'stopped'] as const;

/**
 * One uploaded file (issue 50): what was read from it (`data`, the kind's own shape), its preview,
 * and, once applied as a background run (queue/runs.ts), its progress and what it created.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    kind: text().notNull(),
    status: text({ enum: IMPORT_ROW_STATUSES }).notNull(),
    fileName: text().notNull(),
    /** What the file holds, read once off the API's thread (the kind's own shape). */
    data: jsonb().$type<unknown>().notNull(),
    preview: jsonb().$type<ImportPreview>().notNull(),
    result: jsonb().$type<ImportResult>(),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    error: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    runner: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    heartbeatAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('imports_organization_id_idx').on(t.organizationId, t.id),
    // One import applied at a time per school, kept by the database whichever instance starts it.
    uniqueIndex('imports_one_active_per_org_uq')
      .on(t.organizationId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
