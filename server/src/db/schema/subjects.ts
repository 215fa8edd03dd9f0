import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('subjects_organization_id_idx').on(t.organizationId),
    uniqueIndex('subjects_org_name_uq').on(t.organizationId, t.name),
  ],
);
