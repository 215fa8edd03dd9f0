import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * How the instances of the API tell each other that sessions may have changed (a sign-out, a password
 * reset, a role, a block, a balance): every instance then forgets the sessions it reuses
 * (`session-cache.ts`), so the change is refused everywhere on the next request.
 *
 * On PostgreSQL the channel is the database itself: `LISTEN parta_sessions` on one dedicated
 * connection per instance, `pg_notify` from the instance that made the change. No other service is
 * needed (every instance already talks to that database), and a notification is delivered only after
 * the transaction that sent it commits. On PGlite the API runs as one process, so the channel is that
 * process.
 *
 * While the channel is down (`live` false) the cache falls back to its short time-to-live, and is
 * emptied when the channel drops and again when it comes back (notifications may have been missed).
 */
export interface SessionBus {
  /** True while a change on another instance reaches this one at once. */
  readonly live: boolean;
  /** Tells every instance, this one first; resolves once the database has delivered it (or after a short wait). */
  publish(): Promise<void>;
  /**
   * Resolves once every change committed before the call has reached this instance, so a reused
   * session is trusted only after it: on PostgreSQL a round trip on the listening connection (the
   * server sends a session its pending notifications before the answer to its next query), shared by
   * the requests that arrive while one is under way.
   */
  settle(): Promise<void> | undefined;
  close(): Promise<void>;
}

export const SESSION_CHANNEL = 'parta_sessions';

/**
 * How long `publish` waits for its own notification to come back before answering anyway. Its echo
 * is the proof that PostgreSQL has handed the change to every listening instance, so a sign-out is
 * answered only then; on a busy machine the echo took over half a second and the other instance
 * still honoured the token on the very next request (multi-instance.test). A live channel's echo
 * comes back in milliseconds; a dead one is seen by `dropped` and ends the wait at once.
 */
const ECHO_WAIT_MS = 5000;
const RECONNECT_MS = 1000;

/** One process: a change is seen by the only instance at once. */
export function createLocalSessionBus(onChange: () => void): SessionBus {
  return {
    live: true,
    publish: async () => onChange(),
    settle: () => undefined,
    close: async () => undefined,
  };
}

/** PostgreSQL LISTEN/NOTIFY on `connectionString`; resolves once listening (or once the first try failed). */
export async function createPostgresSessionBus(
  connectionString: string,
  onChange: () => void,
  log: (message: string) => void = (message) => console.warn(message),
): Promise<SessionBus> {
  const instance = randomBytes(6).toString('hex');
  let sequence = 0;
  let live = false;
  let closed = false;
  let client: Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const echoes = new Map<string, () => void>();

  const dropped = (reason: string) => {
    if (closed) return;
    if (live)
      log(`Канал сессий PostgreSQL потерян (${reason}); сессии проверяются каждые 2 с до восстановления`);
    live = false;
    onChange();
    for (const resolve of echoes.values()) resolve();
    echoes.clear();
    const old = client;
    client = undefined;
    old?.end().catch(() => undefined);
    if (!reconnectTimer) reconnectTimer = setTimeout(connect, RECONNECT_MS);
  };

  async function connect() {
    reconnectTimer = undefined;
    if (closed) return;
    const next = new Client({ connectionString });
    client = next;
    next.on('error', (error) => dropped(error.message));
    next.on('end', () => {
      if (client === next) dropped('соединение закрыто');
    });
    next.on('notification', (message) => {
      if (message.channel !== SESSION_CHANNEL) return;
      onChange();
      const echo = message.payload ? echoes.get(message.payload) : undefined;
      if (echo && message.payload) {
        echoes.delete(message.payload);
        echo();
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${SESSION_CHANNEL}`);
      if (client !== next || closed) return;
      live = true;
      // Whatever changed while nobody listened: forget it all.
      onChange();
    } catch (error) {
      if (client === next) dropped(error instanceof Error ? error.message : String(error));
    }
  }

  let inFlight: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  function roundTrip(current: Client): Promise<void> {
    return current
      .query('select 1')
      .then(
        () => undefined,
        (error: unknown) => dropped(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => {
        inFlight = undefined;
      });
  }

  await connect();

  return {
    get live() {
      return live;
    },
    async publish() {
      onChange();
      const current = client;
      if (!current || !live) return;
      sequence += 1;
      const payload = `${instance}:${sequence}`;
      const echoed = new Promise<void>((resolve) => {
        echoes.set(payload, resolve);
        setTimeout(() => {
          if (echoes.delete(payload))
            log(
              `Канал сессий PostgreSQL не вернул уведомление за ${ECHO_WAIT_MS} мс: другие экземпляры могут узнать о выходе позже`,
            );
          resolve();
        }, ECHO_WAIT_MS).unref();
      });
      try {
        await current.query('select pg_notify($1, $2)', [SESSION_CHANNEL, payload]);
      } catch (error) {
        echoes.delete(payload);
        dropped(error instanceof Error ? error.message : String(error));
        return;
      }
      // Our own notification back means PostgreSQL has handed it to every listening instance.
      await echoed;
    },
    settle() {
      const current = client;
      if (!current || !live) return undefined;
      // A round trip answers for the requests that arrived before it started: one that arrives while
      // it is under way waits for the next, which all such requests share.
      if (!inFlight) {
        inFlight = roundTrip(current);
        return inFlight;
      }
      next ??= inFlight.then(() => {
        next = undefined;
        const now = client;
        if (!now || !live) return;
        inFlight = roundTrip(now);
        return inFlight;
      });
      return next;
    },
    async close() {
      closed = true;
      live = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
