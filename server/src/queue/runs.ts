import { hostname } from 'node:os';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { conflict, databaseErrorCode } from '../plugins/errors';
import type { JobKind, Queue } from './queue';

/**
 * A background run (docs/ARCHITECTURE.md «Background work»): long work a user starts and follows —
 * a timetable generation, an archive build, an import. Its whole state lives in the owning module's
 * table, one row a run, never in a process, so every API instance answers the same about it; the
 * queue carries only the row's id to a worker.
 *
 *   start      the row (queued) and its job in one transaction; one run under way per school, kept
 *              by the table's partial unique index (409 with the kind's Russian message)
 *   claim      queued → running on this process (a job offered twice runs once)
 *   heartbeat  written with the progress while the run lives; answers a stop request
 *   stop       a queued run stops at once, a running one at its next heartbeat
 *   finish     the final state, only while the row is still this process's running run
 *   sweep      every instance fails running rows whose heartbeat went stale (their instance died)
 *   fail       the user reads the kind's Russian reason; the stack goes to the log
 *
 * The table is the module's (its own columns beside the common ones); `RunKind` describes it.
 */
export interface RunTable extends PgTable {
  id: PgColumn;
  organizationId: PgColumn;
  status: PgColumn;
  heartbeatAt: PgColumn;
  startedAt: PgColumn;
  finishedAt: PgColumn;
}

/** Columns a run table may have: which process runs it (host:pid), and a stop asked by a user. */
interface OptionalRunColumns {
  runner?: PgColumn;
  stopRequested?: PgColumn;
}

export interface RunKind<T extends RunTable> {
  /** The queue's job name; the job's data is `{ [idKey]: id }`. */
  job: string;
  idKey: string;
  table: T & OptionalRunColumns;
  /** What the log calls one run: «Генерация», «Архив». */
  label: string;
  /** The 409's message when the school already has one under way. */
  alreadyRunning: string;
  /** The user's reason when the run broke on an error (the stack goes to the log). */
  failedReason: string;
  /** The user's reason when its instance died (the sweep) or stopped without finishing it. */
  lostReason: string;
  /** How the table keeps a reason for the user (`{ error: text }`, `{ reasons: [text] }`). */
  reason(text: string): Partial<T['$inferInsert']>;
}

export type RunRow<T extends RunTable> = T['$inferSelect'];

/** This process, as written to a running row: the host and the process id. */
export const RUNNER = `${hostname()}:${process.pid}`;
/**
 * A running row whose heartbeat is older than this lost its instance (killed, frozen); the sweep
 * runs every RUN_SWEEP_INTERVAL_MS on every instance, so one is failed at most ~15 s after its
 * instance died and the school may start another. A run writes its heartbeat well within it.
 */
export const RUN_STALE_SECONDS = 10;
export const RUN_SWEEP_INTERVAL_MS = 5000;

const UNIQUE_VIOLATION = '23505';

/** Values of a run's row, typed by the kind's table (progress, the end's own columns). */
export type RunValues<T extends RunTable> = Partial<T['$inferInsert']>;

function update<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  values: Record<string, unknown>,
  where: SQL | undefined,
) {
  // The table is generic here: the callers' values are typed by the kind's table (RunValues<T>).
  return db
    .update(kind.table as PgTable)
    .set(values as never)
    .where(where);
}

/** The row's condition: still running, on this process where the table keeps its runner. */
function ownRunning<T extends RunTable>(kind: RunKind<T>, id: number): SQL | undefined {
  const { table } = kind;
  return and(
    eq(table.id, id),
    eq(table.status, 'running'),
    table.runner ? eq(table.runner, RUNNER) : undefined,
  );
}

const errorText = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/** 409 when the school already has a run of this kind under way (before heavier checks). */
export async function assertNoActiveRun<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  organizationId: number,
): Promise<void> {
  const rows = await db
    .select({ id: kind.table.id })
    .from(kind.table as PgTable)
    .where(
      and(eq(kind.table.organizationId, organizationId), sql`${kind.table.status} in ('queued', 'running')`),
    )
    .limit(1);
  if (rows.length > 0) throw conflict(kind.alreadyRunning);
}

/**
 * The run's row (written by `insert`, queued) and its job in one transaction: both or neither. Two
 * starts at once (on two instances): the table's one-under-way-per-school index decides, 409.
 */
export async function startRun<T extends RunTable>(
  db: Database,
  queue: Queue,
  kind: RunKind<T>,
  insert: (tx: Database) => Promise<number>,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const id = await insert(tx);
      await queue.send(tx, kind.job, { [kind.idKey]: id });
      return id;
    });
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw conflict(kind.alreadyRunning);
    throw error;
  }
}

/** queued → running on this process; undefined when it is no longer queued (stopped meanwhile, taken). */
export async function claimRun<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  id: number,
): Promise<RunRow<T> | undefined> {
  const values: Record<string, unknown> = {
    status: 'running',
    startedAt: sql`now()`,
    heartbeatAt: sql`now()`,
  };
  if (kind.table.runner) values.runner = RUNNER;
  const [row] = await update(
    db,
    kind,
    values,
    and(eq(kind.table.id, id), eq(kind.table.status, 'queued')),
  ).returning();
  return row as RunRow<T> | undefined;
}

/**
 * The heartbeat of a running run, with its progress: whether a stop was asked, or null when the row
 * is no longer this process's running run (swept, finished elsewhere: the work should end).
 */
export async function heartbeatRun<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  id: number,
  progress: RunValues<T> = {},
): Promise<{ stopRequested: boolean } | null> {
  const { stopRequested } = kind.table;
  const rows = (await update(
    db,
    kind,
    { ...progress, heartbeatAt: sql`now()` },
    ownRunning(kind, id),
  ).returning({ stopRequested: stopRequested ?? sql<boolean>`false` })) as { stopRequested: boolean }[];
  return rows[0] ?? null;
}

/**
 * Keeps a running run's heartbeat every `intervalMs` (with `progress()` when given) until `stop()`;
 * `onStop` is called once a user asked to stop it or the row stopped being this process's.
 */
export function keepAlive<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  id: number,
  options: {
    intervalMs: number;
    progress?: () => RunValues<T>;
    onStop?: () => void;
    log: (message: string) => void;
  },
): { stop(): void } {
  let writing = false;
  const timer = setInterval(() => {
    if (writing) return;
    writing = true;
    heartbeatRun(db, kind, id, options.progress?.())
      .then((answer) => {
        if (answer === null || answer.stopRequested) options.onStop?.();
      })
      .catch((error: unknown) => options.log(`${kind.label} ${id}: пульс не записан: ${String(error)}`))
      .finally(() => {
        writing = false;
      });
  }, options.intervalMs);
  return { stop: () => clearInterval(timer) };
}

/** A stop asked from any instance: a queued run stops at once, a running one at its next heartbeat. */
export async function requestStop<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  id: number,
): Promise<void> {
  const { table } = kind;
  await update(
    db,
    kind,
    { status: 'stopped', finishedAt: sql`now()` },
    and(eq(table.id, id), eq(table.status, 'queued')),
  );
  if (table.stopRequested)
    await update(db, kind, { stopRequested: true }, and(eq(table.id, id), eq(table.status, 'running')));
}

/** The final state of a running run of this process; false when it was no longer this process's. */
export async function finishRun<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  id: number,
  values: RunValues<T> & { status: string },
): Promise<boolean> {
  const rows = await update(db, kind, { ...values, finishedAt: sql`now()` }, ownRunning(kind, id)).returning({
    id: kind.table.id,
  });
  return rows.length === 1;
}

/**
 * The run broke: `error`'s stack goes to the log, the row becomes failed with `reason` (the kind's
 * Russian `failedReason` unless told) for the user. Never throws: a row it cannot write is logged.
 */
export async function failRun<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  id: number,
  log: (message: string) => void,
  error?: unknown,
  reason: string = kind.failedReason,
): Promise<void> {
  if (error !== undefined) log(`${kind.label} ${id}: сбой, работа прервана: ${errorText(error)}`);
  await finishRun(db, kind, id, { ...kind.reason(reason), status: 'failed' }).catch((writeError: unknown) =>
    log(`${kind.label} ${id}: состояние не записано: ${String(writeError)}`),
  );
}

/** Fails every running run whose heartbeat is older than RUN_STALE_SECONDS (its instance died); answers their ids. */
export async function sweepStaleRuns<T extends RunTable>(
  db: Database,
  kind: RunKind<T>,
  staleSeconds = RUN_STALE_SECONDS,
): Promise<number[]> {
  const { table } = kind;
  const rows = await update(
    db,
    kind,
    { ...kind.reason(kind.lostReason), status: 'failed', finishedAt: sql`now()` },
    and(
      eq(table.status, 'running'),
      lt(table.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
    ),
  ).returning({ id: table.id });
  return rows.map((row) => row.id as number);
}

/**
 * The queue's part of a run kind: how many at once, expiry and retries (its retry policy, written
 * once in the area's `<area>.jobs.ts`), and what runs with the row's id.
 */
export type RunJob = Pick<
  JobKind<object>,
  'concurrency' | 'expireInSeconds' | 'retryLimit' | 'stopRunning'
> & {
  run(id: number): Promise<void>;
};

/** Registers a run kind's job on the queue, and this instance's sweep of its stale runs. */
export function registerRun<T extends RunTable>(
  queue: Queue,
  db: Database,
  kind: RunKind<T>,
  job: RunJob,
  log: (message: string) => void,
): void {
  const { run, ...rest } = job;
  queue.register<Record<string, number>>({ ...rest, name: kind.job, run: (data) => run(data[kind.idKey]) });
  queue.every(RUN_SWEEP_INTERVAL_MS, async () => {
    const lost = await sweepStaleRuns(db, kind);
    if (lost.length > 0) log(`${kind.label}: без сервера отмечены прерванными: ${lost.join(', ')}`);
  });
}
