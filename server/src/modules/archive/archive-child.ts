import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { openDatabase } from '../../db/client';
import { writeArchivePdf } from '../../files/archive-pdf';
import { runBuild } from './archive.service';

/**
 * One archive build in a process of its own (PostgreSQL only; started by archive.service.ts's job
 * with the build's id as its argument, DATABASE_URL and PG_POOL_MAX=1 in its environment). Every
 * thread of the process runs at nice 19 (Linux: nice is per thread, so each task of /proc/self/task
 * is lowered; threads started later inherit it), so on a busy machine the API's requests get the CPU
 * first and the build takes the idle time; its reads are the journal's own, one load at a time, on
 * one connection. It writes the build's progress and outcome itself; its log lines go to the parent.
 * When the parent goes away (the IPC channel closes) it ends: the stale sweep fails the build.
 */

function lowerEveryThread() {
  try {
    for (const task of readdirSync('/proc/self/task')) setPriority(Number(task), 19);
  } catch {
    try {
      setPriority(19);
    } catch {
      // not allowed: the build runs at the priority it was given
    }
  }
}

const log = (message: string) => {
  if (process.connected) process.send?.({ log: message });
  else console.warn(message);
};

async function main() {
  lowerEveryThread();
  const buildId = Number(process.argv[2]);
  const databaseUrl = process.env.DATABASE_URL;
  if (!Number.isInteger(buildId) || !databaseUrl) throw new Error('archive-child: build id and DATABASE_URL');
  process.on('disconnect', () => process.exit(1));
  const handle = await openDatabase({ databaseUrl });
  // The pool's own threads (DNS, TLS) start after the first lowering: lower the newcomers too.
  lowerEveryThread();
  try {
    // Nothing stops it from inside: the parent ends the process (SIGTERM) when its queue stops.
    await runBuild(handle.db, buildId, { stopping: false }, log, {
      layout: writeArchivePdf,
      pace: async () => undefined,
    });
  } finally {
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`archive-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
