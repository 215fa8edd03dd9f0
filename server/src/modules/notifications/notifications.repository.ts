import type { NotificationCategory } from '@parta/shared/domain/contracts/notifications';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { emailDeliveries, notifications } from '../../db/schema';

const ISO = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const listed = {
  id: notifications.id,
  category: notifications.category,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  created_at: ISO(notifications.createdAt),
  updated_at: ISO(notifications.updatedAt),
  read_at: sql<
    string | null
  >`case when ${notifications.readAt} is null then null else ${ISO(notifications.readAt)} end`,
};

/** A user's notifications, the latest changed first. */
export function findOwn(db: Database, userId: number, limit: number) {
  return db
    .select(listed)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Database, userId: number) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/** Marks one of the user's notifications read; answers whether it is theirs. */
export async function markRead(db: Database, userId: number, id: number) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function findOne(db: Database, userId: number, id: number) {
  const [row] = await db
    .select(listed)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

export interface NotificationWrite {
  organizationId: number;
  userId: number;
  category: NotificationCategory;
  title: string;
  body: string;
  link: string | null;
  dedupeKey: string;
}

/**
 * Writes a notification or, when the user already has one with its dedupe key, updates that one —
 * made unread again only when what it says changed (a job run twice changes nothing).
 */
export async function upsertNotification(db: Database, write: NotificationWrite) {
  await db
    .insert(notifications)
    .values(write)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.dedupeKey],
      set: {
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        link: sql`excluded.link`,
        updatedAt: sql`now()`,
        readAt: null,
      },
      setWhere: sql`(${notifications.title}, ${notifications.body}) is distinct from (excluded.title, excluded.body)`,
    });
}

/** Removes notifications created more than `days` days ago. */
export async function deleteOlderThan(db: Database, days: number) {
  await db
    .delete(notifications)
    .where(lt(notifications.createdAt, sql`now() - make_interval(days => ${days})`));
}

/**
 * What a letter needs of a notice in the bell: the notice as it is now, the user's confirmed
 * address (null: none) and unsubscribe key, and their choice for its category (null: the school's default).
 */
export async function findLetterOf(db: Database, userId: number, dedupeKey: string) {
  const [row] = await rowsOf<{
    organization_id: number;
    category: NotificationCategory;
    title: string;
    body: string;
    link: string | null;
    address: string | null;
    unsubscribe_key: string | null;
    email: boolean | null;
  }>(
    db,
    sql`select n.organization_id, n.category, n.title, n.body, n.link,
               e.address, e.unsubscribe_key, p.email
          from notifications n
          join users u on u.id = n.user_id and u.active
          left join notification_emails e on e.user_id = n.user_id and e.confirmed_at is not null
          left join notification_preferences p on p.user_id = n.user_id and p.category = n.category
         where n.user_id = ${userId} and n.dedupe_key = ${dedupeKey}`,
  );
  return row;
}

export async function wasSent(db: Database, userId: number, dedupeKey: string, version: string) {
  const rows = await db
    .select({ userId: emailDeliveries.userId })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.userId, userId),
        eq(emailDeliveries.dedupeKey, dedupeKey),
        eq(emailDeliveries.version, version),
      ),
    );
  return rows.length > 0;
}

export async function recordSent(db: Database, userId: number, dedupeKey: string, version: string) {
  await db.insert(emailDeliveries).values({ userId, dedupeKey, version }).onConflictDoNothing();
}

/** Forgets the record of letters sent more than `days` days ago (their notices are gone too). */
export async function deleteDeliveriesOlderThan(db: Database, days: number) {
  await db
    .delete(emailDeliveries)
    .where(lt(emailDeliveries.sentAt, sql`now() - make_interval(days => ${days})`));
}
