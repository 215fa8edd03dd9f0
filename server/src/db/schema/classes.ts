import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** Классы: number 1–11 + letter for one academic year; the manager is the классный руководитель. */
export const classes = pgTable(
  'classes',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    number: smallint().notNull(),
    letter: text().notNull(),
    academicYear: text().notNull(),
    managerId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('classes_organization_id_idx').on(t.organizationId),
    uniqueIndex('classes_org_year_name_uq').on(t.organizationId, t.academicYear, t.number, t.letter),
  ],
);
