import { openDatabase } from '../../db/client';
import { writeArchivePdf } from '../../files/archive-pdf';
import { lowerPriority, offThreadEntry } from '../../queue/off-thread';
import { runBuild } from './archive-build';

/**
 * One archive build in a process of its own (PostgreSQL only; started by archive.jobs.ts through
 * queue/off-thread.ts with the build's id, DATABASE_URL and PG_POOL_MAX=1 in its environment).
 * Every thread of the process runs at the lowest priority (`lowerPriority('process')`), so on a busy
 * machine the API's requests get the CPU first and the build takes the idle time; its reads are the
 * journal's own, one load at a time, on one connection. It writes the build's progress and outcome
 * itself; its log lines go to the parent. When the parent goes away (the IPC channel closes) it
 * ends: the stale sweep fails the build.
 */

const log = (message: string) => {
  if (process.connected) process.send?.({ log: message });
  else console.warn(message);
};

async function main(buildId: number) {
  lowerPriority('process');
  const databaseUrl = process.env.DATABASE_URL;
  if (!Number.isInteger(buildId) || !databaseUrl) throw new Error('archive-child: build id and DATABASE_URL');
  process.on('disconnect', () => process.exit(1));
  const handle = await openDatabase({ databaseUrl, directUrl: process.env.DATABASE_DIRECT_URL });
  // The pool's own threads (DNS, TLS) start after the first lowering: lower the newcomers too.
  lowerPriority('process');
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

/** The child's entry: `startProcess(archiveChild, { buildId })`. */
export const archiveChild = offThreadEntry<{ buildId: number }>(__filename, ({ buildId }) => {
  main(buildId).then(
    () => process.exit(0),
    (error: unknown) => {
      log(`archive-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
});
