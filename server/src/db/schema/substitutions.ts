import { date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A teacher's absence (болезнь, курсы, командировка): the dated lessons of theirs in the range are the
 * завуч's to cover. The decisions themselves are one-off changes of those lessons (lessons.status
 * replaced / cancelled), so the journal, «Уроки сегодня» and the diary follow them without a copy.
 */
export const teacherAbsences = pgTable(
  'teacher_absences',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** The first day counts from this lesson on (came in, fell ill after the 3rd); null: the whole day. */
    fromLesson: smallint(),
    reason: text({ enum: ['illness', 'courses', 'trip', 'other'] }).notNull(),
    comment: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('teacher_absences_organization_date_idx').on(t.organizationId, t.startDate),
    index('teacher_absences_teacher_idx').on(t.teacherId),
  ],
);
