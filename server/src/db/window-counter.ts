import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/**
 * One more event for `key` in a fixed window of `windowMs`, counted in the database (the
 * `login_failures` table, the sign-in counters) so that every instance of the API behind a load
 * balancer counts the same events. Atomic: a window that has passed starts again at 1. The window is
 * measured on the database's clock, the one clock all instances share. Answers the count in the
 * current window and the milliseconds until it ends.
 */
export async function countInWindow(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttlMs: number }> {
  const window = sql`now() + ${`${Math.max(1, Math.trunc(windowMs))} milliseconds`}::interval`;
  const [row] = await rowsOf<{ count: number; ttl_ms: number }>(
    db,
    sql`insert into login_failures as f (key, count, reset_at) values (${key}, 1, ${window})
        on conflict (key) do update set
          count = case when f.reset_at <= now() then 1 else f.count + 1 end,
          reset_at = case when f.reset_at <= now() then ${window} else f.reset_at end
        returning f.count, greatest(0, extract(epoch from (f.reset_at - now())) * 1000)::float8 as ttl_ms`,
  );
  // Now and then, the windows that passed go (a row per guessed login would otherwise stay).
  if (Math.random() < 0.01) await db.execute(sql`delete from login_failures where reset_at <= now()`);
  return { count: Number(row.count), ttlMs: Number(row.ttl_ms) };
}
