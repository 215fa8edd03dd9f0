import { ARCHIVE_BUILD_STATUSES } from '@parta/shared/domain/contracts/archive';
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { extracurricularCourses } from './extracurricular';
import { organizations } from './organizations';
import { periods } from './periods';
import { users } from './users';

/** Bytes as PostgreSQL keeps them: node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One run of building a school's archive for a period (issue 40). The queue carries only the id;
 * progress (classes done of total) and the outcome live here, read alike by every instance.
 */
export const archiveBuilds = pgTable(
  'archive_builds',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    periodId: integer()
      .notNull()
      .references(() => periods.id),
    status: text({ enum: ARCHIVE_BUILD_STATUSES }).notNull(),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    /** A Russian reason when the build failed (the English error goes to the log). */
    error: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    /** Written at the claim and with every class stored; a stale one means its instance died. */
    heartbeatAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('archive_builds_organization_period_idx').on(t.organizationId, t.periodId),
    // One build under way per school, kept by the database whichever instance starts it.
    uniqueIndex('archive_builds_one_active_uq')
      .on(t.organizationId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * «Реестр архива»: every file ever built, with its bytes, size and SHA-256. Rows are only added
 * (a new build adds new rows beside the old ones), never updated; a download recomputes the
 * checksum and refuses bytes that no longer match.
 */
export const archiveFiles = pgTable(
  'archive_files',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    buildId: integer()
      .notNull()
      .references(() => archiveBuilds.id),
    periodId: integer()
      .notNull()
      .references(() => periods.id),
    /** The class of a class journal; null for a course's journal. */
    classId: integer().references(() => classes.id),
    /** The course of внеурочная деятельность of a course journal (a course removed later keeps its file). */
    courseId: integer().references(() => extracurricularCourses.id, { onDelete: 'set null' }),
    /** The class's (or course's) name when built (a class renamed or moved up later keeps its archive's name). */
    groupName: text().notNull(),
    title: text().notNull(),
    fileName: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    pages: integer().notNull(),
    content: bytea().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('archive_files_organization_period_idx').on(t.organizationId, t.periodId, t.classId),
    index('archive_files_build_idx').on(t.buildId),
  ],
);
