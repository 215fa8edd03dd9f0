import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { organizations } from './organizations';
import { students } from './students';
import { users } from './users';

/*
 * Внеурочная деятельность (issue 51): courses apart from the учебный план — no load line, no
 * СанПиН figure and nothing the timetable generator places.
 */

/** A school's own list of directions; none stored means the defaults (DEFAULT_DIRECTIONS). */
export const extracurricularDirections = pgTable(
  'extracurricular_directions',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: smallint().notNull(),
  },
  (t) => [uniqueIndex('extracurricular_directions_org_name_uq').on(t.organizationId, t.name)],
);

/** A course (кружок, секция, «Разговоры о важном»): a group of pupils from any classes. */
export const extracurricularCourses = pgTable(
  'extracurricular_courses',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    direction: text().notNull(),
    teacherId: integer().references(() => users.id, { onDelete: 'set null' }),
    hoursPerWeek: smallint().notNull(),
    passFail: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('extracurricular_courses_organization_id_idx').on(t.organizationId),
    index('extracurricular_courses_teacher_id_idx').on(t.teacherId),
  ],
);

/** The course's pupils: kept by student, not by class, so a pupil who changes class stays. */
export const extracurricularMembers = pgTable(
  'extracurricular_members',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    courseId: integer()
      .notNull()
      .references(() => extracurricularCourses.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.studentId] }),
    index('extracurricular_members_student_id_idx').on(t.studentId),
  ],
);

/** The course's other teachers beside its main one (`teacher_id`): they mark its journal too. */
export const extracurricularTeachers = pgTable(
  'extracurricular_teachers',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    courseId: integer()
      .notNull()
      .references(() => extracurricularCourses.id, { onDelete: 'cascade' }),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.teacherId] }),
    index('extracurricular_teachers_teacher_id_idx').on(t.teacherId),
  ],
);

/** The course's weekly slots (weekday 1 = Monday … 7). */
export const extracurricularSlots = pgTable(
  'extracurricular_slots',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    courseId: integer()
      .notNull()
      .references(() => extracurricularCourses.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    room: text(),
  },
  (t) => [
    index('extracurricular_slots_organization_id_idx').on(t.organizationId),
    index('extracurricular_slots_course_id_idx').on(t.courseId),
  ],
);

/** A dated session laid from the slots over the terms, holidays skipped; its topic. */
export const extracurricularSessions = pgTable(
  'extracurricular_sessions',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    courseId: integer()
      .notNull()
      .references(() => extracurricularCourses.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    startTime: time(),
    endTime: time(),
    room: text(),
    topic: text(),
  },
  (t) => [
    index('extracurricular_sessions_organization_date_idx').on(t.organizationId, t.date),
    index('extracurricular_sessions_course_date_idx').on(t.courseId, t.date),
  ],
);

/**
 * One journal cell of a course (session × pupil) with the version every save moves on by one, so a
 * save based on an older version is refused (409) as in the class journal.
 */
export const extracurricularAttendance = pgTable(
  'extracurricular_attendance',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    sessionId: integer()
      .notNull()
      .references(() => extracurricularSessions.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    present: boolean().notNull(),
    excused: boolean().notNull().default(false),
    passed: boolean(),
    version: integer().notNull().default(1),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.studentId] }),
    index('extracurricular_attendance_student_id_idx').on(t.studentId),
  ],
);

/** План внеурочной деятельности of a class: hours a year per direction. */
export const extracurricularPlans = pgTable(
  'extracurricular_plans',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    direction: text().notNull(),
    hours: smallint().notNull(),
  },
  (t) => [
    index('extracurricular_plans_organization_id_idx').on(t.organizationId),
    uniqueIndex('extracurricular_plans_class_direction_uq').on(t.classId, t.direction),
  ],
);
