import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';

/**
 * Failed sign-in attempts per IP + login, counted in the database (`login_failures`) so that every
 * instance of the API behind a load balancer counts the same attempts: after `maxFailures` failures
 * within `windowMs` the pair is refused until the window passes; a successful sign-in clears it.
 * Only failures count, so a classroom of browsers signing in as one demo user is never locked out.
 * The window is measured on the database's clock, the one clock all instances share.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    readonly maxFailures = 10,
    readonly windowMs = 5 * 60_000,
  ) {}

  private key(ip: string, login: string) {
    return `${ip}|${login.trim().toLowerCase()}`;
  }

  /** Milliseconds until the pair may try again, or 0 when it may try now. */
  async retryAfter(ip: string, login: string): Promise<number> {
    const [row] = await this.db
      .select({
        count: loginFailures.count,
        waitMs: sql<number>`greatest(0, extract(epoch from (${loginFailures.resetAt} - now())) * 1000)::float8`,
      })
      .from(loginFailures)
      .where(eq(loginFailures.key, this.key(ip, login)));
    if (!row || row.count < this.maxFailures) return 0;
    return Number(row.waitMs);
  }

  /** One more failure, atomically: a window that has passed starts again at 1. */
  async fail(ip: string, login: string): Promise<void> {
    const window = sql`now() + ${`${this.windowMs} milliseconds`}::interval`;
    const expired = sql`${loginFailures.resetAt} <= now()`;
    await this.db
      .insert(loginFailures)
      .values({ key: this.key(ip, login), count: 1, resetAt: window })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
          resetAt: sql`case when ${expired} then ${window} else ${loginFailures.resetAt} end`,
        },
      });
    // Now and then, the windows that passed go (a row per guessed login would otherwise stay).
    if (Math.random() < 0.01)
      await this.db.delete(loginFailures).where(sql`${loginFailures.resetAt} <= now()`);
  }

  async succeed(ip: string, login: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, this.key(ip, login)));
  }
}
