import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { organizations } from './organizations';
import { subjects } from './subjects';
import { users } from './users';

/** Ученики. user_id is the optional login of the student; status 'left' keeps history. */
export const students = pgTable(
  'students',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    classId: integer().references(() => classes.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    surname: text().notNull(),
    name: text().notNull(),
    patronymic: text(),
    gender: text({ enum: ['m', 'f'] }),
    birthDate: date({ mode: 'string' }),
    status: text({ enum: ['active', 'left'] })
      .notNull()
      .default('active'),
    leftAt: date({ mode: 'string' }),
  },
  (t) => [
    index('students_organization_id_idx').on(t.organizationId),
    index('students_class_id_idx').on(t.classId),
    index('students_user_id_idx').on(t.userId),
  ],
);

export const studentParents = pgTable(
  'student_parents',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    parentUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('student_parents_uq').on(t.studentId, t.parentUserId),
    index('student_parents_organization_id_idx').on(t.organizationId),
    index('student_parents_parent_user_id_idx').on(t.parentUserId),
  ],
);

/** A split of one class for one subject (e.g. английский in two groups); a student is in at most one subgroup of a set. */
export const subgroupSets = pgTable(
  'subgroup_sets',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('subgroup_sets_organization_id_idx').on(t.organizationId),
    uniqueIndex('subgroup_sets_class_subject_uq').on(t.classId, t.subjectId),
  ],
);

export const subgroups = pgTable(
  'subgroups',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    setId: integer()
      .notNull()
      .references(() => subgroupSets.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [
    index('subgroups_organization_id_idx').on(t.organizationId),
    index('subgroups_set_id_idx').on(t.setId),
  ],
);

export const subgroupMembers = pgTable(
  'subgroup_members',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    setId: integer()
      .notNull()
      .references(() => subgroupSets.id, { onDelete: 'cascade' }),
    subgroupId: integer()
      .notNull()
      .references(() => subgroups.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('subgroup_members_set_student_uq').on(t.setId, t.studentId),
    index('subgroup_members_organization_id_idx').on(t.organizationId),
    index('subgroup_members_subgroup_id_idx').on(t.subgroupId),
    // A pupil's subgroups (the diary's lessons, a pupil's marks): without it every school's members
    // were read (533,000 rows at 1,000 schools, ~50 ms of each diary request).
    index('subgroup_members_student_idx').on(t.studentId, t.subgroupId),
  ],
);
