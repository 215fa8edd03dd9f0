import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const subjects = pgTable(
  'subjects',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    shortName: text(),
    /** Difficulty rank of the subject (СанПиН scale, 1–13) for the day-load check; null: not ranked. */
    rank: smallint(),
    /** Kept when lessons or the load use it; hidden from pickers. */
    archived: boolean().notNull().default(false),
  },
  (t) => [
    index('subjects_organization_id_idx').on(t.organizationId),
    uniqueIndex('subjects_org_name_uq').on(t.organizationId, t.name),
  ],
);
