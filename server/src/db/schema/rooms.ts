import { ROOM_KIND_CODES } from '@parta/shared/domain/timetable';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { organizations } from './organizations';
import { users } from './users';

/** Кабинеты: what the timetable generator books; `teacherId` makes it that teacher's home room. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    /** How many students fit (null: not limited). */
    capacity: smallint(),
    kind: text({ enum: ROOM_KIND_CODES }).notNull().default('regular'),
    teacherId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('rooms_organization_id_idx').on(t.organizationId),
    uniqueIndex('rooms_org_name_uq').on(t.organizationId, t.name),
  ],
);

/** A cell (weekday × lesson number) a teacher or a class is not available in. */
export const unavailableCells = pgTable(
  'unavailable_cells',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    teacherId: integer().references(() => users.id, { onDelete: 'cascade' }),
    classId: integer().references(() => classes.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    lessonNumber: smallint().notNull(),
  },
  (t) => [
    index('unavailable_cells_organization_id_idx').on(t.organizationId),
    index('unavailable_cells_teacher_id_idx').on(t.teacherId),
    index('unavailable_cells_class_id_idx').on(t.classId),
    check('unavailable_cells_one_owner', sql`(${t.teacherId} is null) <> (${t.classId} is null)`),
  ],
);
