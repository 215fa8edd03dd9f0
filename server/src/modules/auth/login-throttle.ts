/**
 * Failed sign-in attempts per IP + login, kept in memory: after `maxFailures` failures within
 * `windowMs` the pair is refused until the window passes; a successful sign-in clears it.
 * Only failures count, so a classroom of browsers signing in as one demo user is never locked out.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly maxFailures = 10,
    readonly windowMs = 5 * 60_000,
  ) {}

  private key(ip: string, login: string) {
    return `${ip}\u0000${login.trim().toLowerCase()}`;
  }

  /** Milliseconds until the pair may try again, or 0 when it may try now. */
  retryAfter(ip: string, login: string, now = Date.now()): number {
    const entry = this.failures.get(this.key(ip, login));
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.maxFailures ? entry.resetAt - now : 0;
  }

  fail(ip: string, login: string, now = Date.now()) {
    const key = this.key(ip, login);
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count += 1;
    if (this.failures.size > 100_000) this.prune(now);
  }

  succeed(ip: string, login: string) {
    this.failures.delete(this.key(ip, login));
  }

  private prune(now: number) {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
