import { date, index, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { organizations } from './organizations';
import { subjects } from './subjects';
import { users } from './users';

/** КТП: one plan per teacher × subject × class (or a whole parallel when class_id is null). */
export const ktpPlans = pgTable(
  'ktp_plans',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    academicYear: text().notNull(),
    teacherId: integer().references(() => users.id, { onDelete: 'set null' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    classId: integer().references(() => classes.id, { onDelete: 'set null' }),
    grade: smallint(),
  },
  (t) => [index('ktp_plans_organization_id_idx').on(t.organizationId)],
);

export const ktpItems = pgTable(
  'ktp_items',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    planId: integer()
      .notNull()
      .references(() => ktpPlans.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    section: text(),
    topic: text().notNull(),
    hours: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull().default(1),
    homework: text(),
    controlType: text(),
    plannedDate: date({ mode: 'string' }),
    actualDate: date({ mode: 'string' }),
  },
  (t) => [
    index('ktp_items_organization_id_idx').on(t.organizationId),
    index('ktp_items_plan_id_idx').on(t.planId),
  ],
);
