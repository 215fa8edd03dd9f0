import { plural } from '@parta/shared/domain/plural';
import type { Database } from '../../db/client';
import { countInWindow } from '../../db/window-counter';
import { HttpError } from '../../plugins/errors';

/**
 * Nobody can make the school spam (issue 48): a confirmation letter goes to an address of the
 * caller's choosing, so each user and each address gets at most CONFIRMATION_LETTERS_PER_HOUR an
 * hour. Counted in the database (`db/window-counter.ts`), so the limit holds across every instance.
 */
export const CONFIRMATION_LETTERS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** One more confirmation letter from `userId` to `address`, or 429 in Russian when either had its share. */
export async function countConfirmationLetter(db: Database, userId: number, address: string): Promise<void> {
  const byUser = await countInWindow(db, `confirm-letter user ${userId}`, HOUR_MS);
  const byAddress = await countInWindow(
    db,
    `confirm-letter address ${address.trim().toLowerCase()}`,
    HOUR_MS,
  );
  const over = [byUser, byAddress].filter((window) => window.count > CONFIRMATION_LETTERS_PER_HOUR);
  if (over.length === 0) return;
  const minutes = Math.max(1, Math.ceil(Math.max(...over.map((window) => window.ttlMs)) / 60_000));
  throw new HttpError(
    429,
    `Слишком много писем с подтверждением: не больше ${CONFIRMATION_LETTERS_PER_HOUR} в час на одного пользователя и на один адрес. Повторите через ${minutes} ${plural(minutes, 'минуту', 'минуты', 'минут')}.`,
  );
}
