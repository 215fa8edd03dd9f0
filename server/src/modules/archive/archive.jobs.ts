import type { ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';
import { startProcess } from '../../queue/off-thread';
import { failRun, keepAlive, type RunJob, registerRun } from '../../queue/runs';
import { ARCHIVE_RUN, STOPPED_REASON } from './archive.repository';
import { runBuild } from './archive-build';
import { archiveChild } from './archive-child';

/**
 * The archive's background work (a run of queue/runs.ts): the build job and the sweep of builds
 * whose instance died. The instance running a build writes its heartbeat every
 * HEARTBEAT_INTERVAL_MS whatever the class it is on (a heartbeat of the class done alone left a
 * build «running» for over 10 minutes), well within the runs' stale rule.
 */
export const HEARTBEAT_INTERVAL_MS = 2000;
/**
 * Retry policy: none. A large school's year is minutes of work; a job whose instance vanished is
 * not offered again (the sweep fails its build and the завуч starts another).
 */
const JOB_EXPIRE_SECONDS = 60 * 60;

/**
 * The build in a child process (PostgreSQL): archive-child.ts, at the lowest priority, one
 * connection to `database` (through the pooler when there is one). It writes the build's progress itself; here the job waits for it to
 * end. A child that dies without finishing (killed, crashed) leaves the build failed; `stop` ends it
 * at once (a class's file and its count are one transaction, so nothing half-written stays).
 */
function runBuildInChild(
  db: Database,
  database: ChildDatabase,
  buildId: number,
  state: { stopping: boolean; children: Set<ChildProcess> },
  log: (message: string) => void,
): Promise<void> {
  const child = startProcess(
    archiveChild,
    { buildId },
    {
      env: {
        DATABASE_URL: database.url,
        ...(database.directUrl ? { DATABASE_DIRECT_URL: database.directUrl } : {}),
        PG_POOL_MAX: '1',
      },
      lowPriority: true,
    },
  );
  state.children.add(child);
  child.on('message', (message: { log?: string }) => {
    if (message.log) log(message.log);
  });
  return new Promise<void>((resolve) => {
    const ended = async (code: number | null, signal: NodeJS.Signals | null) => {
      state.children.delete(child);
      if (code !== 0) {
        if (!state.stopping) log(`Архив ${buildId}: процесс сборки завершился (${code ?? signal})`);
        await failRun(db, ARCHIVE_RUN, buildId, log, undefined, state.stopping ? STOPPED_REASON : undefined);
      }
      resolve();
    };
    child.once('error', (error) => {
      log(`Архив ${buildId}: процесс сборки не запущен: ${error.message}`);
      if (child.exitCode === null && child.signalCode === null) void ended(1, null);
    });
    child.once('exit', (code, signal) => void ended(code, signal));
  });
}

/** Where a build's child process connects: the pool's URL and, behind a pooler, PostgreSQL's own. */
export interface ChildDatabase {
  url: string;
  directUrl?: string;
}

/** The child's connection of a PostgreSQL handle (PGlite has none: its builds run in this process). */
export function childDatabase(handle: DatabaseHandle): ChildDatabase | undefined {
  if (!handle.connectionString) return undefined;
  return { url: handle.connectionString, directUrl: handle.directConnectionString };
}

/**
 * The archive's job. With `database` (PostgreSQL) each build runs in a low-priority child
 * process; without (PGlite) in this process.
 */
export function archiveJob(db: Database, log: (message: string) => void, database?: ChildDatabase): RunJob {
  const state = { stopping: false, children: new Set<ChildProcess>() };
  return {
    concurrency: 1,
    expireInSeconds: JOB_EXPIRE_SECONDS,
    run: async (buildId) => {
      // This instance's heartbeat while the build runs (in this process or its child, which ends
      // with it): the sweep tells a dead instance's build by its stale heartbeat.
      const heartbeat = keepAlive(db, ARCHIVE_RUN, buildId, { intervalMs: HEARTBEAT_INTERVAL_MS, log });
      try {
        if (!database) return await runBuild(db, buildId, state, log);
        await runBuildInChild(db, database, buildId, state, log);
      } finally {
        heartbeat.stop();
      }
    },
    stopRunning: () => {
      state.stopping = true;
      for (const child of state.children) child.kill('SIGTERM');
    },
  };
}

/** Registered by modules/index.ts's composition. */
export function registerArchiveJobs(app: FastifyInstance): void {
  const log = (message: string) => app.log.warn(message);
  // PostgreSQL: each build in a low-priority child process of its own; PGlite (or with
  // PARTA_ARCHIVE_IN_PROCESS=1, for comparison) in this process.
  const isolated = app.dbHandle.kind === 'postgres' && process.env.PARTA_ARCHIVE_IN_PROCESS !== '1';
  registerRun(
    app.queue,
    app.db,
    ARCHIVE_RUN,
    archiveJob(app.db, log, isolated ? childDatabase(app.dbHandle) : undefined),
    log,
  );
}
