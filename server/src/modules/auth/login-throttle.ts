import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { countInWindow } from '../../db/window-counter';

/**
 * Failed sign-in attempts per IP + login, counted in the database (`login_failures`, through
 * `db/window-counter.ts`) so that every instance of the API behind a load balancer counts the same attempts: after `maxFailures` failures
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
    await countInWindow(this.db, this.key(ip, login), this.windowMs);
  }

  async succeed(ip: string, login: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, this.key(ip, login)));
  }
}
