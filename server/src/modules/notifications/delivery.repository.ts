import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { deliveryClaims, deliveryFailures, users } from '../../db/schema';

/** The channels whose sending is claimed and whose failures are kept. */
export type DeliveryChannel = 'email' | 'push';

/** One version of a notice to one target: a user (e-mail) or a device's subscription (push). */
export interface DeliveryKey {
  channel: DeliveryChannel;
  target: number;
  dedupeKey: string;
  version: string;
}

/**
 * A claim lapses after this long: longer than a sender ever talks to the SMTP server (at most 15 s to
 * connect and greet, 30 s idle) or a push service (15 s), short enough that a sender that died is
 * replaced by the job's next retry.
 */
const CLAIM_SECONDS = 120;

/**
 * Takes the right to send `key` now: true for one caller only, while its claim lasts (one atomic
 * statement, so two instances or two jobs at the same moment get one true). A lapsed claim is taken over.
 */
export async function claimDelivery(db: Database, key: DeliveryKey): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`insert into delivery_claims as c (channel, target, dedupe_key, version, claimed_until)
        values (${key.channel}, ${key.target}, ${key.dedupeKey}, ${key.version},
                now() + make_interval(secs => ${CLAIM_SECONDS}))
        on conflict (channel, target, dedupe_key, version) do update
          set claimed_until = excluded.claimed_until
          where c.claimed_until < now()
        returning 1 as one`,
  );
  return rows.length > 0;
}

/** Gives the claim up (sent and recorded, or failed): the next attempt may claim it again. */
export async function releaseDelivery(db: Database, key: DeliveryKey): Promise<void> {
  await db
    .delete(deliveryClaims)
    .where(
      and(
        eq(deliveryClaims.channel, key.channel),
        eq(deliveryClaims.target, key.target),
        eq(deliveryClaims.dedupeKey, key.dedupeKey),
        eq(deliveryClaims.version, key.version),
      ),
    );
}

/** Keeps a delivery that finally failed, with its reason, for the school's director. */
export async function recordFailure(
  db: Database,
  failure: {
    organizationId: number;
    userId: number;
    channel: DeliveryChannel;
    dedupeKey: string;
    title: string;
    reason: string;
  },
): Promise<void> {
  await db.insert(deliveryFailures).values(failure);
}

/** A school's failed deliveries, the latest first, with whom they were for. */
export function findFailures(db: Database, organizationId: number, limit: number) {
  return db
    .select({
      id: deliveryFailures.id,
      channel: deliveryFailures.channel,
      title: deliveryFailures.title,
      reason: deliveryFailures.reason,
      failed_at: sql<string>`to_char(${deliveryFailures.failedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      user: {
        id: users.id,
        surname: users.surname,
        name: users.name,
        patronymic: users.patronymic,
      },
    })
    .from(deliveryFailures)
    .innerJoin(users, eq(users.id, deliveryFailures.userId))
    .where(eq(deliveryFailures.organizationId, organizationId))
    .orderBy(desc(deliveryFailures.failedAt), desc(deliveryFailures.id))
    .limit(limit);
}

/** Forgets failures older than `days`, and claims long lapsed. */
export async function deleteFailuresOlderThan(db: Database, days: number): Promise<void> {
  await db
    .delete(deliveryFailures)
    .where(lt(deliveryFailures.failedAt, sql`now() - make_interval(days => ${days})`));
  await db.delete(deliveryClaims).where(lt(deliveryClaims.claimedUntil, sql`now() - interval '1 day'`));
}
