import type { DeliveryFailureList } from '@parta/shared/domain/contracts/notifications';
import { shortName } from '@parta/shared/domain/names';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Actor } from '../../plugins/auth';
import {
  type DeliveryChannel,
  deleteFailuresOlderThan,
  findFailures,
  recordFailure,
} from './delivery.repository';

/**
 * Deliveries that finally failed (issue 48): a letter or push the SMTP server or the push service
 * refused for good, or did not take over all the retries (`DELIVERY_RETRY`, more than a day), is
 * kept with its reason in Russian, and the school's director sees the list in the notification
 * settings — nobody owed a letter loses it silently.
 */

const CHANNEL_NAMES: Record<DeliveryChannel, string> = { email: 'Письмо', push: 'Push' };

/** The error's own text, short: what the server or the service said. */
function detailOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** Why a delivery whose every retry failed did not go, in Russian. */
export function retriesSpentReason(channel: DeliveryChannel, error: unknown): string {
  const service = channel === 'email' ? 'почтовый сервер' : 'служба push';
  return `Не доставлено: ${service} не принял(а) ни одной из повторных попыток за сутки и более (последняя ошибка: ${detailOf(error)})`;
}

/** Why a delivery refused for good did not go, in Russian. */
export function refusedReason(channel: DeliveryChannel, detail: string, forgotten: boolean): string {
  if (channel === 'email')
    return forgotten
      ? `Адреса не существует, он удалён из настроек пользователя (почтовый сервер: ${detail})`
      : `Почтовый сервер отказал в приёме письма: ${detail}`;
  return forgotten
    ? `Устройство больше не принимает push, подписка удалена (служба push: ${detail})`
    : `Служба push отказала: ${detail}`;
}

/**
 * Keeps the failed delivery of the notice `dedupeKey` to `userId` (its title and school from the
 * bell's row; a notice already gone is kept under its key).
 */
export async function keepFailedDelivery(
  db: Database,
  channel: DeliveryChannel,
  userId: number,
  dedupeKey: string,
  reason: string,
): Promise<void> {
  const [notice] = await rowsOf<{ organization_id: number; title: string }>(
    db,
    sql`select coalesce(n.organization_id, u.organization_id) as organization_id, coalesce(n.title, ${dedupeKey}) as title
          from users u
          left join notifications n on n.user_id = u.id and n.dedupe_key = ${dedupeKey}
         where u.id = ${userId}`,
  );
  if (!notice?.organization_id) return;
  await recordFailure(db, {
    organizationId: notice.organization_id,
    userId,
    channel,
    dedupeKey,
    title: notice.title,
    reason,
  });
}

/** The caller's school's failed deliveries, the latest first (the route checks the permission). */
export async function listDeliveryFailures(
  db: Database,
  actor: Actor,
  limit: number,
): Promise<DeliveryFailureList> {
  const rows = await findFailures(db, actor.organizationId, limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel as DeliveryChannel,
    channel_name: CHANNEL_NAMES[row.channel as DeliveryChannel] ?? row.channel,
    title: row.title,
    reason: row.reason,
    failed_at: row.failed_at,
    recipient: shortName(row.user),
  }));
}

/** The hourly clean-up: failures kept as long as notifications, and lapsed claims. */
export function cleanUpDeliveryFailures(db: Database, days: number): Promise<void> {
  return deleteFailuresOlderThan(db, days);
}
