import type { FastifyInstance } from 'fastify';
import { registerRun } from '../../queue/runs';
import { IMPORT_RUN } from './imports.repository';
import { runImport } from './imports.service';

/** The longest apply the queue waits for (a large school's file, written in one transaction). */
const JOB_EXPIRE_SECONDS = 600;
/**
 * Retry policy: a job whose instance died before it claimed the row is offered once more; one that
 * claimed it is not run twice (the claim refuses a row no longer queued), and a final failure is the
 * row's «failed» with its Russian reason (nothing of the file written: one transaction).
 */
const JOB_RETRIES = 1;

/** The imports' background work: applying a file, and the sweep of applies whose instance died. */
export function registerImportJobs(app: FastifyInstance): void {
  const log = (message: string) => app.log.warn(message);
  registerRun(
    app.queue,
    app.db,
    IMPORT_RUN,
    {
      concurrency: 1,
      expireInSeconds: JOB_EXPIRE_SECONDS,
      retryLimit: JOB_RETRIES,
      run: (importId) => runImport(app.db, importId, log),
    },
    log,
  );
}
