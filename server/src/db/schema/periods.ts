import { boolean, date, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Учебные периоды: четверти, триместры, полугодия and the year; a closed period locks its marks. */
export const periods = pgTable(
  'periods',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    academicYear: text().notNull(),
    name: text().notNull(),
    kind: text({ enum: ['quarter', 'trimester', 'half', 'year'] }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    closed: boolean().notNull().default(false),
    /** Class numbers the period applies to (четверти for 1–9, полугодия for 10–11). */
    grades: smallint().array().notNull().default([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  },
  (t) => [index('periods_organization_id_idx').on(t.organizationId)],
);

/** Каникулы and single days off; `grades` empty means the whole school (extra каникулы of 1st grade name [1]). */
export const holidays = pgTable(
  'holidays',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    academicYear: text().notNull(),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    grades: smallint().array().notNull().default([]),
  },
  (t) => [index('holidays_organization_id_idx').on(t.organizationId)],
);
