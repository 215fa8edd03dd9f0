import type { NotificationCategory } from '@parta/shared/domain/contracts/notifications';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { pushDeliveries, pushKeys, pushSubscriptions } from '../../db/schema';

export async function findPushKeys(db: Database) {
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  return row;
}

/** Keeps a key pair unless one is there already (two instances starting at once: the first wins). */
export async function insertPushKeys(db: Database, keys: { publicKey: string; privateKey: string }) {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing();
}

/**
 * A device's subscription for `userId`, its keys renewed when the user posts it again. An endpoint
 * bound to another user stays theirs (one statement, so two posts racing cannot move it either):
 * undefined then.
 */
export async function upsertSubscription(
  db: Database,
  row: { userId: number; endpoint: string; p256dh: string; auth: string },
) {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: row.p256dh, auth: row.auth, createdAt: sql`now()` },
      setWhere: eq(pushSubscriptions.userId, row.userId),
    })
    .returning({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      created_at: sql<string>`to_char(${pushSubscriptions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    });
  return saved;
}

/** Removes a user's own subscription of `endpoint`; false when they have none there. */
export async function deleteOwnSubscription(db: Database, userId: number, endpoint: string) {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function deleteSubscription(db: Database, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function countSubscriptions(db: Database, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

export function findSubscriptions(db: Database, userId: number) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function hasSubscription(db: Database, userId: number) {
  return (await countSubscriptions(db, userId)) > 0;
}

/** A notice as it is now, with the user's push choice for its category (null: not chosen, on). */
export async function findPushNotice(db: Database, userId: number, dedupeKey: string) {
  const [row] = await rowsOf<{
    organization_id: number;
    category: NotificationCategory;
    title: string;
    body: string;
    link: string | null;
    push: boolean | null;
  }>(
    db,
    sql`select n.organization_id, n.category, n.title, n.body, n.link, p.push
          from notifications n
          join users u on u.id = n.user_id and u.active
          left join notification_preferences p on p.user_id = n.user_id and p.category = n.category
         where n.user_id = ${userId} and n.dedupe_key = ${dedupeKey}`,
  );
  return row;
}

/** Of `subscriptionIds`, those that already got this version of the notice. */
export async function pushedTo(db: Database, subscriptionIds: number[], dedupeKey: string, version: string) {
  if (subscriptionIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: pushDeliveries.subscriptionId })
    .from(pushDeliveries)
    .where(
      and(
        inArray(pushDeliveries.subscriptionId, subscriptionIds),
        eq(pushDeliveries.dedupeKey, dedupeKey),
        eq(pushDeliveries.version, version),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function recordPushed(db: Database, subscriptionId: number, dedupeKey: string, version: string) {
  await db.insert(pushDeliveries).values({ subscriptionId, dedupeKey, version }).onConflictDoNothing();
}

export async function deletePushDeliveriesOlderThan(db: Database, days: number) {
  await db
    .delete(pushDeliveries)
    .where(lt(pushDeliveries.sentAt, sql`now() - make_interval(days => ${days})`));
}
