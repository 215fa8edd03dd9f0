import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client';
import { createEventBus, type EventBus } from './events';

/**
 * Background work (docs/ARCHITECTURE.md «Background work»): one durable job queue on the database the
 * API already uses — pg-boss, on PostgreSQL and on the embedded PGlite alike (its statements go
 * through `DatabaseHandle.executeSql`, no connection of its own). A job waits in the database until a
 * worker on any instance takes it (`SELECT … FOR UPDATE SKIP LOCKED`), so several instances share the
 * work and a restart loses none of it.
 *
 * A module adds a job kind with `register` (from its `<area>.jobs.ts`, collected in modules/index.ts
 * `moduleJobs`, before the app is ready; a run a user follows through `registerRun` of runs.ts) and
 * sends jobs with `send`; the queue starts its workers when the app is ready and stops them when it
 * closes. A job carries ids and the little its run needs; the state a user sees lives in the
 * module's own table. Modules tell each other of a change by domain events (`events.ts`): `emit` in
 * the writer's transaction, and the subscribers (`on`) queue their jobs in it.
 */
export interface JobKind<Data extends object> {
  /** The queue's name: letters, digits, dashes. */
  name: string;
  /** How many jobs of this kind one instance runs at once (the rest wait in the queue). */
  concurrency: number;
  /** A job still running after this long is given up by the queue (and retried if `retryLimit`). */
  expireInSeconds: number;
  /** How many times a job whose worker vanished (expired) is offered again; default 0. */
  retryLimit?: number;
  /**
   * A failed or vanished job is offered again on this schedule (`retryLimit` ignored): with
   * exponential backoff, kept in the queue for the whole span (see `RetryPolicy`).
   */
  retry?: RetryPolicy;
  /** pg-boss's queue policy; `short`: one job per `singletonKey` waits at a time (a later send folds into it). */
  policy?: 'standard' | 'short';
  run(data: Data): Promise<void>;
  /** Called once when the job failed its last attempt (retries spent), before the queue records the failure. */
  failedForGood?(data: Data, error: unknown): Promise<void>;
  /** Asked when the app closes, before waiting for running jobs: end them early. */
  stopRunning?(): void;
}

/**
 * Retries with exponential backoff (pg-boss 10 `retryDelay`/`retryBackoff`/`retryLimit`): the wait
 * before retry n is `delaySeconds · 2^(n−1)` to twice that (pg-boss adds a random half), so the
 * retries span at least `retrySpanSeconds(policy)`.
 */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
}

/** The shortest time from the first attempt to the last of `policy` (the sum of the shortest waits). */
export function retrySpanSeconds(policy: RetryPolicy): number {
  return Math.max(1, policy.delaySeconds) * (2 ** policy.limit - 1);
}

export interface QueueOptions {
  /** How often an idle worker asks for a job (seconds, ≥ 0.5); default 1. */
  pollingSeconds?: number;
  /** pg-boss's maintenance (expiring vanished jobs, archiving finished ones); default on. */
  maintenance?: boolean;
  /** Per-kind overrides of `concurrency`; 0: this instance takes no jobs of that kind (only sends them). */
  concurrency?: Record<string, number>;
  /**
   * Replaces every kind's `retry` policy (tests of an outage: short waits, few retries); the
   * production policy is the kind's own.
   */
  retry?: RetryPolicy;
  /** How long closing waits for running jobs before failing them (ms); default 30 s. */
  stopTimeoutMs?: number;
  log?: (message: string) => void;
}

export interface SendOptions {
  /** The job waits this many seconds before a worker may take it (a correction window). */
  startAfterSeconds?: number;
  /** With a `short` kind: while a job of this key waits, the send adds none. */
  singletonKey?: string;
}

export interface Queue extends EventBus {
  register<Data extends object>(kind: JobKind<Data>): void;
  /**
   * Adds a job; with `db` a transaction, the job exists only if that transaction commits (the row a
   * job is about and the job itself appear together).
   */
  send<Data extends object>(db: Database, name: string, data: Data, options?: SendOptions): Promise<void>;
  /** Runs `task` every `periodMs` on this instance while the queue runs (sweeps of stale work). */
  every(periodMs: number, task: () => Promise<void>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const PG_BOSS_SCHEMA = 'pgboss';
const DEFAULT_POLLING_SECONDS = 1;
const DEFAULT_STOP_TIMEOUT_MS = 30_000;
/** Long enough for a fetch under way at `stop` to land, and for pg-boss to record a job's end. */
const FETCH_SETTLE_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Finished jobs are only pg-boss's bookkeeping (the state is in the module's table): kept a day. */
const RETENTION_MINUTES = 24 * 60;
/**
 * pg-boss archives a job still waiting (a retry included) once its `keep_until` passes, counted
 * from its first start: a job with a retry policy is kept a week, past its last retry.
 */
const RETRIED_RETENTION_MINUTES = 7 * 24 * 60;
/** SQLSTATE unique_violation: another instance created the same queue at the same moment. */
const UNIQUE_VIOLATION = '23505';

/**
 * pg-boss's statement with `$n` placeholders as a Drizzle query on `db`, so it runs on whatever `db`
 * is — a transaction included (PGlite has one connection: a statement outside the open transaction
 * would wait for it forever).
 */
function onDrizzle(db: Database): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const pieces = text.split(/\$(\d+)/);
      const query = sql.join(
        pieces.map((piece, index) =>
          // An undefined value would vanish from a Drizzle query: SQL null it is.
          index % 2 === 0 ? sql.raw(piece) : sql.param((values as unknown[])[Number(piece) - 1] ?? null),
        ),
      );
      const result = (await db.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * The database's clock `seconds` ahead, as pg-boss's `startAfter` instant: the start is on the same
 * clock as the rows the job reads (a job due 15 minutes after a save sees that save as 15 minutes
 * old). pg-boss's own seconds form splits into separate placeholders here and PostgreSQL folds its
 * timestamp branch too early, refusing it.
 */
async function databaseNowPlus(db: Database, seconds: number): Promise<Date> {
  const result = (await db.execute(
    // Rounded up to the millisecond a Date keeps: never a moment before the window ends.
    sql`select to_char((date_trunc('milliseconds', now() + make_interval(secs => ${seconds})) + interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
  )) as unknown as { rows: { at: string }[] };
  return new Date(result.rows[0].at);
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function createQueue(handle: DatabaseHandle, options: QueueOptions = {}): Queue {
  const log = options.log ?? ((message: string) => console.warn(message));
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.executeSql(text, values) },
    schema: PG_BOSS_SCHEMA,
    // Its schema comes with our migrations (drizzle/0012_pg_boss.sql); a newer pg-boss upgrades it
    // at start-up, under its own advisory lock, so several instances starting together do it once.
    migrate: true,
    supervise: options.maintenance ?? true,
    // No cron schedules yet: their clock-skew check would poll for nothing.
    schedule: false,
  });
  // An EventEmitter without an 'error' listener throws: a failed poll is logged, the worker polls on.
  boss.on('error', (error) => log(`Очередь заданий: ${error.message}`));

  const kinds = new Map<string, JobKind<object>>();
  const workerIds = new Map<string, string[]>();
  const timers: NodeJS.Timeout[] = [];
  const periodic: Array<{ periodMs: number; task: () => Promise<void> }> = [];
  let started = false;
  /** The jobs this instance is running now (see `stop`). */
  const running = new Set<Promise<unknown>>();

  const retryOf = (kind: JobKind<object>) => (kind.retry ? (options.retry ?? kind.retry) : undefined);

  /** A job's own retry options (over its queue's, which a queue created by an older release keeps). */
  function retryOptions(kind: JobKind<object>) {
    const retry = retryOf(kind);
    if (!retry) return {};
    return {
      retryLimit: retry.limit,
      retryDelay: Math.max(1, Math.round(retry.delaySeconds)),
      retryBackoff: true,
      retentionMinutes: RETRIED_RETENTION_MINUTES,
    };
  }

  async function ensureQueue(kind: JobKind<object>): Promise<void> {
    if (await boss.getQueue(kind.name)) return;
    try {
      await boss.createQueue(kind.name, {
        name: kind.name,
        policy: kind.policy ?? 'standard',
        expireInSeconds: kind.expireInSeconds,
        retryLimit: kind.retryLimit ?? 0,
        retentionMinutes: RETENTION_MINUTES,
      });
    } catch (error) {
      if (errorCode(error) !== UNIQUE_VIOLATION) throw error;
    }
  }

  const events = createEventBus(() => started);

  return {
    on: events.on,
    emit: events.emit,

    register(kind) {
      if (started) throw new Error(`job kind ${kind.name} registered after the queue started`);
      kinds.set(kind.name, kind as JobKind<object>);
    },

    async send(db, name, data, sendOptions = {}) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`unknown job kind ${name}`);
      const delay = Math.max(0, Math.round(sendOptions.startAfterSeconds ?? 0));
      await boss.send(name, data, {
        db: onDrizzle(db),
        ...retryOptions(kind),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(delay > 0 ? { startAfter: await databaseNowPlus(db, delay) } : {}),
      });
      // An idle worker of this instance takes it now rather than at its next poll.
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },

    every(periodMs, task) {
      periodic.push({ periodMs, task });
    },

    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const kind of kinds.values()) {
        await ensureQueue(kind);
        const ids: string[] = [];
        const concurrency = Math.max(0, options.concurrency?.[kind.name] ?? kind.concurrency);
        // pg-boss 10 runs one job at a time per worker: N workers are N jobs at once.
        for (let i = 0; i < concurrency; i++) {
          ids.push(
            await boss.work<object>(
              kind.name,
              {
                batchSize: 1,
                includeMetadata: true,
                pollingIntervalSeconds: options.pollingSeconds ?? DEFAULT_POLLING_SECONDS,
              },
              async ([job]) => {
                const run = kind.run(job.data).catch(async (error: unknown) => {
                  // The last attempt: the kind keeps the failure where people see it.
                  if (kind.failedForGood && job.retryCount >= job.retryLimit)
                    await kind
                      .failedForGood(job.data, error)
                      .catch((recordError: unknown) =>
                        log(`Не удалось записать сбой задания ${kind.name}: ${String(recordError)}`),
                      );
                  throw error;
                });
                running.add(run);
                try {
                  return await run;
                } finally {
                  running.delete(run);
                }
              },
            ),
          );
        }
        workerIds.set(kind.name, ids);
      }
      for (const { periodMs, task } of periodic) {
        const timer = setInterval(() => {
          task().catch((error: unknown) =>
            log(`Фоновая проверка не удалась: ${error instanceof Error ? error.message : String(error)}`),
          );
        }, periodMs);
        timer.unref();
        timers.push(timer);
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const kind of kinds.values()) kind.stopRunning?.();
      await boss.stop({
        graceful: true,
        wait: true,
        timeout: options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS,
      });
      // pg-boss 10 counts a worker whose fetch is under way as idle: `stop` returns, and the job that
      // fetch brings runs afterwards. Such jobs run to their end (and pg-boss records them) before
      // the database closes: seen as a whole suite failing on «Cannot use a pool after calling end».
      do {
        await sleep(FETCH_SETTLE_MS);
        await Promise.allSettled([...running]);
      } while (running.size > 0);
      await sleep(FETCH_SETTLE_MS);
    },
  };
}
