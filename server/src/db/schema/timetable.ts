import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bellSchedules } from './bells';
import { classes } from './classes';
import { ktpItems } from './ktp';
import { loads } from './loads';
import { organizations } from './organizations';
import { periods } from './periods';
import { subgroups } from './students';
import { subjects } from './subjects';
import { users } from './users';

/** A weekly grid (day × lesson number) filled from the load. */
export const timetableTemplates = pgTable(
  'timetable_templates',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    academicYear: text().notNull(),
    bellScheduleId: integer().references(() => bellSchedules.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('timetable_templates_organization_id_idx').on(t.organizationId)],
);

export const timetableSlots = pgTable(
  'timetable_slots',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    templateId: integer()
      .notNull()
      .references(() => timetableTemplates.id, { onDelete: 'cascade' }),
    loadId: integer()
      .notNull()
      .references(() => loads.id, { onDelete: 'cascade' }),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subgroupId: integer().references(() => subgroups.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    lessonNumber: smallint().notNull(),
    room: text(),
  },
  (t) => [
    index('timetable_slots_organization_id_idx').on(t.organizationId),
    index('timetable_slots_template_id_idx').on(t.templateId),
    index('timetable_slots_load_id_idx').on(t.loadId),
  ],
);

/** A timetable built from a template for a date range; it produces the dated lessons. */
export const timetables = pgTable(
  'timetables',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    templateId: integer().references(() => timetableTemplates.id, { onDelete: 'set null' }),
    periodId: integer().references(() => periods.id, { onDelete: 'set null' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('timetables_organization_id_idx').on(t.organizationId)],
);

/** A dated lesson: what the journal and the diary show. */
export const lessons = pgTable(
  'lessons',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    timetableId: integer().references(() => timetables.id, { onDelete: 'cascade' }),
    loadId: integer().references(() => loads.id, { onDelete: 'set null' }),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subgroupId: integer().references(() => subgroups.id, { onDelete: 'set null' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    teacherId: integer().references(() => users.id, { onDelete: 'set null' }),
    date: date({ mode: 'string' }).notNull(),
    lessonNumber: smallint().notNull(),
    /** Bell times copied when the lesson is made, so a later bell change does not rewrite the past. */
    startTime: time(),
    endTime: time(),
    /** scheduled: as the template says; replaced / moved / cancelled: a one-off change re-applying keeps. */
    status: text({ enum: ['scheduled', 'replaced', 'moved', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    /** The template's teacher when a replacement teacher gives the lesson. */
    originalTeacherId: integer().references(() => users.id, { onDelete: 'set null' }),
    topic: text(),
    homework: text(),
    ktpItemId: integer().references(() => ktpItems.id, { onDelete: 'set null' }),
    /**
     * «Перенести» (substitutions): the lesson of the same class and day it swapped its slot with; the
     * two slots go back when the swap is undone.
     */
    swappedWithId: integer().references((): AnyPgColumn => lessons.id, { onDelete: 'set null' }),
  },
  (t) => [
    /** A school's lessons of a date range (journal completion, gaps, the seed's year): one range scan. */
    index('lessons_organization_date_idx').on(t.organizationId, t.date),
    index('lessons_class_subject_date_idx').on(t.classId, t.subjectId, t.date),
    index('lessons_teacher_date_idx').on(t.teacherId, t.date),
    index('lessons_class_date_idx').on(t.classId, t.date),
    // A load's lessons of a period (the journal, КТП, reports): a range within one load.
    index('lessons_load_date_idx').on(t.loadId, t.date),
    uniqueIndex('lessons_slot_uq').on(t.classId, t.date, t.lessonNumber, t.subjectId, t.subgroupId),
  ],
);
