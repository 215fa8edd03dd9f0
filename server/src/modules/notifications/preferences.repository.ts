import type { NotificationCategory } from '@parta/shared/domain/contracts/notifications';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notificationEmails, notificationPreferences } from '../../db/schema';

/** The categories a user has chosen for (the rest follow the school's defaults). */
export function findPreferences(db: Database, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: notificationPreferences.userId,
      category: notificationPreferences.category,
      email: notificationPreferences.email,
      instant: notificationPreferences.instant,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
}

export async function upsertPreferences(
  db: Database,
  userId: number,
  /** `instant` and `push` null (or no `push`) keep what the category had. */
  rows: { category: NotificationCategory; email: boolean; instant: boolean | null; push?: boolean | null }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((row) => ({ ...row, push: row.push ?? null, userId })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: {
        email: sql`excluded.email`,
        instant: sql`coalesce(excluded.instant, ${notificationPreferences.instant})`,
        push: sql`coalesce(excluded.push, ${notificationPreferences.push})`,
        updatedAt: sql`now()`,
      },
    });
}

export async function findEmail(db: Database, userId: number) {
  const [row] = await db.select().from(notificationEmails).where(eq(notificationEmails.userId, userId));
  return row;
}

/** Sets a user's address, unconfirmed, with the hash of its confirmation token. */
export async function saveEmail(
  db: Database,
  write: { userId: number; address: string; tokenHash: string; validHours: number; unsubscribeKey: string },
) {
  const values = {
    userId: write.userId,
    address: write.address,
    confirmedAt: null,
    tokenHash: write.tokenHash,
    tokenExpiresAt: sql`now() + make_interval(hours => ${write.validHours})`,
    unsubscribeKey: write.unsubscribeKey,
    createdAt: sql`now()`,
  };
  await db
    .insert(notificationEmails)
    .values(values)
    .onConflictDoUpdate({ target: notificationEmails.userId, set: values });
}

/** The address a confirmation token was issued for, and whether the token is still valid. */
export async function findEmailByToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      userId: notificationEmails.userId,
      address: notificationEmails.address,
      expired: sql<boolean>`${notificationEmails.tokenExpiresAt} < now()`,
    })
    .from(notificationEmails)
    .where(eq(notificationEmails.tokenHash, tokenHash));
  return row;
}

export async function confirmEmail(db: Database, userId: number) {
  await db
    .update(notificationEmails)
    .set({ confirmedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null })
    .where(eq(notificationEmails.userId, userId));
}

export async function deleteEmail(db: Database, userId: number) {
  await db.delete(notificationEmails).where(eq(notificationEmails.userId, userId));
}

/** Someone of the school gets marks «сразу» by their own choice. */
export async function hasInstantMarks(db: Database, organizationId: number) {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from notification_preferences p join users u on u.id = p.user_id
         where u.organization_id = ${organizationId} and p.category = 'marks' and p.instant and u.active
         limit 1`,
  );
  return rows.length > 0;
}
