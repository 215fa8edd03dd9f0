import { boolean, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('periods_organization_id_idx').on(t.organizationId)],
);
