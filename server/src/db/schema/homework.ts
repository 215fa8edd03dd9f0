import { SUBMISSION_STATUSES } from '@parta/shared/domain/contracts/homework';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { students } from './students';
import { lessons } from './timetable';
import { users } from './users';

/** Bytes as PostgreSQL keeps them: node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files kept where the deployment keeps its data (storage/storage.ts): the name as uploaded, the
 * type read from the bytes, size and SHA-256, and the bytes themselves (docs/SCALING.md: when to
 * move them to an object store, the row then keeping only the key).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    type: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    content: bytea().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_organization_idx').on(t.organizationId)],
);

/** A teacher's file attached to a lesson's homework (issue 54). */
export const homeworkFiles = pgTable(
  'homework_files',
  {
    fileId: integer()
      .primaryKey()
      .references(() => storedFiles.id),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homework_files_lesson_idx').on(t.lessonId),
    index('homework_files_organization_idx').on(t.organizationId),
  ],
);

/** The teacher's deadline for handing in the work of a lesson's homework (none: until reviewed). */
export const homeworkDeadlines = pgTable(
  'homework_deadlines',
  {
    lessonId: integer()
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    dueAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('homework_deadlines_organization_idx').on(t.organizationId)],
);

/** A pupil's work handed in for a lesson's homework; one per pupil and lesson, handed in again until reviewed. */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: text({ enum: SUBMISSION_STATUSES }).notNull(),
    comment: text(),
    reviewComment: text(),
    mark: smallint(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('homework_submissions_lesson_student_uq').on(t.lessonId, t.studentId),
    index('homework_submissions_organization_idx').on(t.organizationId),
    index('homework_submissions_student_idx').on(t.studentId),
  ],
);

/** The files of a pupil's work. */
export const submissionFiles = pgTable(
  'submission_files',
  {
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    submissionId: integer()
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
  },
  (t) => [
    primaryKey({ columns: [t.fileId] }),
    index('submission_files_submission_idx').on(t.submissionId),
    index('submission_files_organization_idx').on(t.organizationId),
  ],
);
