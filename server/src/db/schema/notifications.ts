import { NOTIFICATION_CATEGORIES } from '@parta/shared/domain/contracts/notifications';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/**
 * A user's choices of how they hear of each category beyond the bell (the bell gets everything):
 * by e-mail or not, and for marks «сразу» instead of the evening digest. A category without a row
 * follows the school's defaults (its «Настройки»).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text({ enum: NOTIFICATION_CATEGORIES }).notNull(),
    email: boolean().notNull(),
    /** Marks only: told at once rather than in the evening digest; null: the school's default. */
    instant: boolean(),
    /** By Web Push to the user's devices; null: on (subscribing a device is the choice). */
    push: boolean(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * A user's e-mail address for notifications: unconfirmed until the link of the confirmation
 * letter is opened (its token kept hashed, with an expiry); `unsubscribeKey` signs the one-click
 * unsubscribe links of the letters sent to this address (a new address, new links).
 */
export const notificationEmails = pgTable('notification_emails', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  tokenHash: text(),
  tokenExpiresAt: timestamp({ withTimezone: true }),
  unsubscribeKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Letters the SMTP server accepted: a retried job sends no letter twice for the same version of a
 * notice (`version`: a digest of its title and body; a changed notice is a new letter).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text().notNull(),
    version: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dedupeKey, t.version] }),
    index('email_deliveries_sent_at_idx').on(t.sentAt),
  ],
);

/**
 * The server's VAPID key pair (Web Push): generated on the first start and kept, one row, so every
 * instance signs with the same key and the browsers' subscriptions outlive a restart.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer().primaryKey().default(1),
    publicKey: text().notNull(),
    privateKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A device's Web Push subscription (the browser's push service endpoint and its keys) for the user
 * signed in there; an endpoint belongs to one user (a later sign-in on the device takes it over).
 * Removed at sign-out and when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Pushes a push service accepted, per subscription and version of a notice: a retry sends none twice. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    subscriptionId: integer()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    dedupeKey: text().notNull(),
    version: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.dedupeKey, t.version] }),
    index('push_deliveries_sent_at_idx').on(t.sentAt),
  ],
);

/**
 * A letter or push being sent right now (issue 48): the sender inserts its row before it talks to
 * the SMTP server or the push service and removes it after, so two jobs or two instances racing on
 * the same version of a notice send it once. A claim whose sender died lapses at `claimedUntil`.
 * `target`: the user id (e-mail) or the subscription id (push).
 */
export const deliveryClaims = pgTable(
  'delivery_claims',
  {
    channel: text().notNull(),
    target: integer().notNull(),
    dedupeKey: text().notNull(),
    version: text().notNull(),
    claimedUntil: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.target, t.dedupeKey, t.version] })],
);

/**
 * A delivery that finally failed (retries spent, or refused for good), with its reason in Russian:
 * the school's director sees them in the notification settings. Kept as long as notifications.
 */
export const deliveryFailures = pgTable(
  'delivery_failures',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    dedupeKey: text().notNull(),
    title: text().notNull(),
    reason: text().notNull(),
    failedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_failures_organization_idx').on(t.organizationId, t.failedAt)],
);
