/**
 * The signed-in sessions an instance looked up in the last moment (`ttlMs`), by token hash.
 *
 * Every API request looks its token up (user, organizations, permissions, balance); on this
 * platform a round trip to PostgreSQL costs the server more than most of the request's own work, and
 * the requests of one user come in bursts (a page asks for 3–6 things at once, a teacher types a
 * mark every second or two). So a found session is reused for `ttlMs`, and concurrent requests with
 * the same token share one lookup.
 *
 * What could make a session stale is cleared at once on every instance: any successful write outside
 * the class journal, КТП and timetable (`clearsSessions`) empties the cache here and, through the
 * session channel (`session-bus.ts`), on every other instance before the answer leaves, so a
 * sign-out, a password reset, a role, a block or a balance change applies to the next request
 * wherever it lands. The time-to-live is read on every lookup: long while the channel is up, short
 * (2 s) while it is down. Tokens that are not found are never cached.
 */
export interface SessionCache<T> {
  get(tokenHash: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Whether `get` would answer from the cache now (a lookup under way counts: it is shared). */
  has(tokenHash: string): boolean;
  clear(): void;
}

/** How many tokens at most; beyond it the expired entries are dropped, then the oldest. */
const MAX_ENTRIES = 5000;

export function createSessionCache<T>(ttl: number | (() => number)): SessionCache<T> {
  const ttlNow = typeof ttl === 'number' ? () => ttl : ttl;
  const entries = new Map<string, { at: number; value: Promise<T | undefined> }>();
  const prune = (now: number) => {
    const ttlMs = ttlNow();
    for (const [key, entry] of entries) if (now - entry.at >= ttlMs) entries.delete(key);
    while (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  };
  return {
    get(tokenHash, load) {
      const ttlMs = ttlNow();
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(tokenHash);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (entries.size >= MAX_ENTRIES) prune(now);
      const value = load();
      entries.set(tokenHash, { at: now, value });
      // Only found sessions stay: a wrong token or a failed lookup is asked again next time.
      value.then(
        (session) => {
          if (session === undefined && entries.get(tokenHash)?.value === value) entries.delete(tokenHash);
        },
        () => {
          if (entries.get(tokenHash)?.value === value) entries.delete(tokenHash);
        },
      );
      return value;
    },
    has(tokenHash) {
      const ttlMs = ttlNow();
      const hit = entries.get(tokenHash);
      return ttlMs > 0 && hit !== undefined && Date.now() - hit.at < ttlMs;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * Requests that cannot change anyone's session: signing in (a new token), the current user (a POST
 * that reads), marks, topics, КТП, lessons and templates.
 */
const SESSION_NEUTRAL_WRITES = [
  '/api/auth/login',
  '/api/auth/me',
  '/api/journal/',
  '/api/ktp',
  '/api/lessons/',
  '/api/timetable',
];

/** True when a request, once it succeeded, may have changed some session (a token, a role, an organization). */
export function clearsSessions(method: string, url: string, statusCode: number): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || statusCode >= 400) return false;
  return !SESSION_NEUTRAL_WRITES.some((prefix) => url.startsWith(prefix));
}
