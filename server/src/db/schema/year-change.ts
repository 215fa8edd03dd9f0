import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { organizations } from './organizations';
import { students } from './students';
import { users } from './users';

/**
 * A school's closed academic year, written once by «Новый учебный год» (one row per school and year:
 * a second run finds it and answers 409). Lessons of a closed year's classes are read-only for good.
 */
export const closedYears = pgTable(
  'closed_years',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    academicYear: text().notNull(),
    nextYear: text().notNull(),
    closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('closed_years_org_year_uq').on(t.organizationId, t.academicYear)],
);

/**
 * The roster of a closed year's class: who sat in it when the year closed. A pupil's `class_id` moves
 * to the next year's class (or stays on the 11th grade's, status 'left', for a graduate); the closed
 * year's journal, final marks and reports read the class's pupils from here.
 */
export const classEnrollments = pgTable(
  'class_enrollments',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('class_enrollments_class_student_uq').on(t.classId, t.studentId),
    index('class_enrollments_organization_id_idx').on(t.organizationId),
    index('class_enrollments_student_id_idx').on(t.studentId),
  ],
);
