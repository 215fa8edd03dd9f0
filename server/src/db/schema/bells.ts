import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Bell schedules (a school may have several) and their numbered lessons. */
export const bellSchedules = pgTable(
  'bell_schedules',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    isDefault: boolean().notNull().default(false),
    /** Grades (class numbers) that use this schedule; the default schedule serves the rest. */
    grades: smallint().array().notNull().default([]),
  },
  (t) => [index('bell_schedules_organization_id_idx').on(t.organizationId)],
);

export const bellLessons = pgTable(
  'bell_lessons',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    scheduleId: integer()
      .notNull()
      .references(() => bellSchedules.id, { onDelete: 'cascade' }),
    number: smallint().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
  },
  (t) => [
    uniqueIndex('bell_lessons_schedule_number_uq').on(t.scheduleId, t.number),
    index('bell_lessons_organization_id_idx').on(t.organizationId),
  ],
);
