import { ROOM_KIND_CODES } from '@parta/shared/domain/timetable';
import { boolean, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { organizations } from './organizations';
import { rooms } from './rooms';
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
    /** For the timetable generator: a room of this kind, or this very room, is required. */
    roomKind: text({ enum: ROOM_KIND_CODES }),
    roomId: integer().references(() => rooms.id, { onDelete: 'set null' }),
    /** Two of its hours may stand on one day, next to each other (a «пара»). */
    pairAllowed: boolean().notNull().default(false),
    /** A subgroup line runs at the same time as the other subgroups of its class and subject. */
    subgroupsParallel: boolean().notNull().default(true),
    /**
     * Taught with marks (the default). False: безотметочное обучение for this line — the journal takes
     * attendance only and the reports read it «без отметок» (shared/domain/reports `taughtWithoutMarks`).
     */
    graded: boolean().notNull().default(true),
  },
  (t) => [
    index('loads_organization_id_idx').on(t.organizationId),
    index('loads_class_id_idx').on(t.classId),
    index('loads_teacher_id_idx').on(t.teacherId),
  ],
);
