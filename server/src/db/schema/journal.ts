import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { periods } from './periods';
import { students } from './students';
import { subjects } from './subjects';
import { lessons } from './timetable';
import { users } from './users';

/** Виды работ with their weight for the weighted average. */
export const workTypes = pgTable(
  'work_types',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    weight: numeric({ precision: 4, scale: 2, mode: 'number' }).notNull().default(1),
  },
  (t) => [index('work_types_organization_id_idx').on(t.organizationId)],
);

/**
 * One journal cell (lesson × student) as a unit of saving: its version goes up by one with every
 * save, so a save based on an older version is refused (409) instead of overwriting someone else's.
 * The grades and the attendance mark themselves stay in `marks` and `attendance`, which reports and
 * the diary read.
 */
export const journalCells = pgTable(
  'journal_cells',
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
    version: integer().notNull().default(0),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_cells_lesson_student_uq').on(t.lessonId, t.studentId),
    index('journal_cells_organization_id_idx').on(t.organizationId),
  ],
);

/**
 * The school year a journal row belongs to, the key `marks`, `attendance` and `mark_audit` are
 * partitioned by (migration 0028, docs/SCALING.md «Журнал по учебным годам»): the calendar year
 * its school year starts in, 1 September to 31 August, of the lesson's date (`school_year_of(date)`
 * in SQL, `schoolYearOf` in modules/journal/journal.sql.ts) — for a final mark's audit row, of its period's
 * start. Every insert sets it (PostgreSQL cannot partition by a generated column, and a BEFORE ROW
 * trigger may not move a row to another partition); a lesson moved across 1 September moves its
 * rows (the `lessons_school_year_moved` trigger). Drizzle declares no partitioning: the tables are
 * `PARTITION BY RANGE (school_year)` with one partition a year and a DEFAULT one, made by the
 * migration and `ensure_school_year_partitions(year)` (the year change), so the keys include it.
 */
const schoolYear = () => smallint().notNull();

/** Grades of one journal cell (lesson × student); a cell may hold several grades. */
export const marks = pgTable(
  'marks',
  {
    id: serial().notNull(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    schoolYear: schoolYear(),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    value: text({ enum: ['1', '2', '3', '4', '5'] }).notNull(),
    workTypeId: integer().references(() => workTypes.id, { onDelete: 'set null' }),
    weight: numeric({ precision: 4, scale: 2, mode: 'number' }).notNull().default(1),
    comment: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.schoolYear] }),
    index('marks_organization_id_idx').on(t.organizationId),
    index('marks_lesson_student_idx').on(t.lessonId, t.studentId),
    index('marks_student_idx').on(t.studentId),
  ],
);

/** The attendance mark of one journal cell (н absent, б ill); at most one per cell. */
export const attendance = pgTable(
  'attendance',
  {
    id: serial().notNull(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    schoolYear: schoolYear(),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    value: text({ enum: ['н', 'б'] }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.schoolYear] }),
    uniqueIndex('attendance_lesson_student_uq').on(t.lessonId, t.studentId, t.schoolYear),
    index('attendance_organization_id_idx').on(t.organizationId),
    index('attendance_student_idx').on(t.studentId),
  ],
);

/** Итоговые оценки: student × subject × period (the year is a period of kind 'year'). */
export const finalMarks = pgTable(
  'final_marks',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: 'cascade' }),
    value: text({ enum: ['1', '2', '3', '4', '5', 'Н/А', 'ЗЧ', 'НЗ', 'осв'] }).notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('final_marks_student_subject_period_uq').on(t.studentId, t.subjectId, t.periodId),
    index('final_marks_organization_id_idx').on(t.organizationId),
    /** The final marks of one period (classification and academic performance). */
    index('final_marks_period_id_idx').on(t.periodId),
  ],
);

/** Append-only trail of every change of a grade, attendance mark or final mark. */
export const markAudit = pgTable(
  'mark_audit',
  {
    id: serial().notNull(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    schoolYear: schoolYear(),
    entity: text({ enum: ['mark', 'attendance', 'final_mark'] }).notNull(),
    entityId: integer(),
    studentId: integer().notNull(),
    lessonId: integer(),
    subjectId: integer(),
    periodId: integer(),
    oldValue: text(),
    newValue: text(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.schoolYear] }),
    index('mark_audit_organization_id_idx').on(t.organizationId),
    index('mark_audit_student_idx').on(t.studentId),
    index('mark_audit_lesson_student_idx').on(t.lessonId, t.studentId),
    index('mark_audit_organization_changed_idx').on(t.organizationId, t.changedAt),
  ],
);
