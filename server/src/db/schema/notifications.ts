import { NOTIFICATION_CATEGORIES } from '@parta/shared/domain/contracts/notifications';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * What the school told a user (issue 38), as the app's bell lists it; kept 90 days. `dedupeKey`
 * names the thing told about (e.g. one pupil's absences of one day), so a change of it updates
 * the same row — and unreads it — instead of adding another.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text({ enum: NOTIFICATION_CATEGORIES }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    dedupeKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_uq').on(t.userId, t.dedupeKey),
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt),
    index('notifications_organization_id_idx').on(t.organizationId),
    index('notifications_created_at_idx').on(t.createdAt),
  ],
);
