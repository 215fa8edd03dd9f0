import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import type { Database } from './database';
import * as schema from './schema';

/**
 * Reads from streaming replicas (DATABASE_REPLICA_URL). Routes choose by intent: a read-heavy route
 * asks `app.readDb(request)` (plugins/db.ts), which answers a replica's Drizzle handle when one is up,
 * close enough, and has replayed the caller's own last write; everything else keeps `app.db`, the
 * primary (writes, the job queue, LISTEN/NOTIFY, migrations, advisory locks).
 *
 * Health and lag come from a probe every `probeMs` (one query to the primary and one to each replica
 * per instance, never one per request). A query that finds its replica gone is answered by the
 * primary at once and the replica is skipped until the next probe finds it back.
 */

/** A WAL position `X/Y` as a number (bytes since the start of WAL). */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  const match = text ? /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text) : null;
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** Errors that say the replica cannot answer now (down, starting, stopping, a recovery conflict). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // «canceling statement due to conflict with recovery»: the same read on the primary has no such conflict
  '40001',
]);

export function replicaUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message ?? '',
  );
}

/**
 * A replica's pool that answers from the primary when the replica cannot: a failed connect or a
 * query cut off by the replica going down is run once more on `fallback` (a read runs the same
 * anywhere), so a replica stopping costs slow answers, never failed ones. Other errors stay errors.
 */
class ReadPool extends Pool {
  constructor(
    config: PoolConfig,
    private readonly fallback: Pool,
    private readonly unavailable: (error: unknown) => void,
  ) {
    super(config);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; Drizzle calls query(config, values)
  override query(...args: any[]): any {
    if (typeof args.at(-1) === 'function') return (super.query as (...a: unknown[]) => unknown)(...args);
    return (super.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
      if (!replicaUnavailable(error)) throw error;
      this.unavailable(error);
      return (this.fallback.query as (...a: unknown[]) => Promise<unknown>)(...args);
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; Drizzle's transactions call connect()
  override connect(...args: any[]): any {
    if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
    return super.connect().catch((error: unknown) => {
      if (!replicaUnavailable(error)) throw error;
      this.unavailable(error);
      return this.fallback.connect();
    }) as Promise<PoolClient>;
  }
}

export interface ReplicaState {
  url: string;
  /** Answered the last probe as a server in recovery. */
  up: boolean;
  /** The WAL position it had replayed at the last probe. */
  replayedLsn: bigint;
  /** How far behind the primary it was at the last probe (ms; Infinity when unknown). */
  lagMs: number;
}

export interface ReplicaSet {
  /** A replica to read from: up, within the lag bound, and having replayed `minLsn`; else undefined. */
  pick(minLsn: bigint | undefined): Database | undefined;
  /** The primary's WAL insert position now (read after a write: its commit lies at or before it). */
  writeLsn(): Promise<bigint | undefined>;
  /** Probes now (start-up and tests; otherwise the timer does). */
  probe(): Promise<void>;
  states(): ReplicaState[];
  close(): Promise<void>;
}

export interface ReplicaOptions {
  /** A replica further behind than this is skipped (DATABASE_REPLICA_MAX_LAG_MS, default 5 s). */
  maxLagMs?: number;
  /** How often health and lag are probed (DATABASE_REPLICA_PROBE_MS, default 1 s). */
  probeMs?: number;
  /** Connections per replica (PG_POOL_MAX, default 10). */
  poolMax?: number;
  /** Called on each new connection (the primary's prepared statements, client.ts). */
  onConnect?: (client: PoolClient) => void;
  warn?: (message: string) => void;
}

/** DATABASE_REPLICA_URL: one or more connection strings, comma-separated. */
export function replicaUrlsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url.length > 0);
}

interface Replica extends ReplicaState {
  /** Has answered a probe once (its first answer is no «back in service»). */
  seen?: boolean;
  pool: ReadPool;
  db: Database;
  probePool: Pool;
}

export function openReplicaSet(primary: Pool, urls: string[], options: ReplicaOptions = {}): ReplicaSet {
  const maxLagMs = options.maxLagMs ?? 5000;
  const probeMs = options.probeMs ?? 1000;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  /** The primary's WAL position at each recent probe: how long ago it stood where a replica stands now. */
  const history: { at: number; lsn: bigint }[] = [];
  let next = 0;

  const replicas: Replica[] = urls.map((url) => {
    const replica = { url, up: false, replayedLsn: 0n, lagMs: Number.POSITIVE_INFINITY } as Replica;
    const markDown = (error: unknown) => {
      if (replica.up)
        warn(`Реплика ${hostOf(url)} недоступна, чтение идёт с основного сервера: ${message(error)}`);
      replica.up = false;
    };
    replica.pool = new ReadPool(
      {
        connectionString: url,
        max: options.poolMax ?? Number(process.env.PG_POOL_MAX ?? 10),
        options: '-c jit=off',
        connectionTimeoutMillis: 2000,
      },
      primary,
      markDown,
    );
    replica.pool.on('error', markDown);
    if (options.onConnect) replica.pool.on('connect', options.onConnect);
    replica.db = drizzleNodePg({ client: replica.pool, schema, casing: 'snake_case' }) as unknown as Database;
    // The probe's own connection: never answered by the primary, and short timeouts.
    replica.probePool = new Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: Math.max(500, probeMs),
      query_timeout: Math.max(500, probeMs),
      idleTimeoutMillis: 0,
    });
    replica.probePool.on('error', () => undefined);
    return replica;
  });

  function lagOf(replayed: bigint, now: number): number {
    const latest = history.at(-1);
    if (!latest || replayed >= latest.lsn) return 0;
    // The oldest primary position it has not reached: the write behind it is at least that old.
    const index = history.findIndex((sample) => sample.lsn > replayed);
    if (index <= 0) return now - (history[0]?.at ?? now) + probeMs;
    return now - history[index - 1].at;
  }

  let probing: Promise<void> | undefined;
  async function probeOnce() {
    const now = Date.now();
    try {
      const { rows } = await primary.query('select pg_current_wal_lsn()::text as lsn');
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== undefined) {
        history.push({ at: now, lsn });
        const keepFrom = now - Math.max(maxLagMs * 2, probeMs * 4);
        while (history.length > 2 && history[0].at < keepFrom) history.shift();
      }
    } catch {
      // The primary down is not the replicas' business: their lag is judged by the history kept.
    }
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const { rows } = await replica.probePool.query(
            'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn',
          );
          const replayed = parseLsn(rows[0]?.lsn);
          if (!rows[0]?.recovery || replayed === undefined) {
            // Promoted or not a replica at all: its data may part from the primary's, so it is not read.
            if (replica.up)
              warn(`${hostOf(replica.url)} не реплика в восстановлении: чтение с неё остановлено`);
            replica.up = false;
            return;
          }
          const cameBack = !replica.up && replica.seen;
          replica.replayedLsn = replayed;
          replica.lagMs = lagOf(replayed, Date.now());
          replica.up = true;
          replica.seen = true;
          if (cameBack) warn(`Реплика ${hostOf(replica.url)} снова в работе`);
        } catch (error) {
          if (replica.up) warn(`Реплика ${hostOf(replica.url)} не отвечает: ${message(error)}`);
          replica.up = false;
        }
      }),
    );
  }
  const probe = () => {
    probing ??= probeOnce().finally(() => {
      probing = undefined;
    });
    return probing;
  };
  const timer = setInterval(() => void probe(), probeMs);
  timer.unref();
  void probe();

  return {
    pick(minLsn) {
      const count = replicas.length;
      for (let step = 0; step < count; step++) {
        const replica = replicas[(next + step) % count];
        if (!replica.up || replica.lagMs > maxLagMs) continue;
        if (minLsn !== undefined && replica.replayedLsn < minLsn) continue;
        next = (next + step + 1) % count;
        return replica.db;
      }
      return undefined;
    },
    async writeLsn() {
      const { rows } = await primary.query('select pg_current_wal_insert_lsn()::text as lsn');
      return parseLsn(rows[0]?.lsn);
    },
    probe,
    states: () =>
      replicas.map(({ url, up, replayedLsn, lagMs }) => ({ url: hostOf(url), up, replayedLsn, lagMs })),
    async close() {
      clearInterval(timer);
      await probing?.catch(() => undefined);
      await Promise.all(replicas.flatMap((replica) => [replica.pool.end(), replica.probePool.end()]));
    },
  };
}

/** host:port of a connection string, never its password. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}`;
  } catch {
    return 'реплика';
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
