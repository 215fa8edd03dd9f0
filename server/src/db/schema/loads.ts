import { index, integer, numeric, pgTable, serial } from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { organizations } from './organizations';
import { subgroups } from './students';
import { subjects } from './subjects';
import { users } from './users';

/** Нагрузка: class (or one subgroup of it) × subject × teacher × hours per week. */
export const loads = pgTable(
  'loads',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subgroupId: integer().references(() => subgroups.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    teacherId: integer().references(() => users.id, { onDelete: 'set null' }),
    hoursPerWeek: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull(),
  },
  (t) => [
    index('loads_organization_id_idx').on(t.organizationId),
    index('loads_class_id_idx').on(t.classId),
    index('loads_teacher_id_idx').on(t.teacherId),
  ],
);
