import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { registerRun } from '../../queue/runs';
import { GENERATION_RUN } from './generator.repository';
import { runGeneration } from './generator.service';
import type { WorkerRun } from './solver/workers';

/** The longest search the contract allows, plus the time to build the school and save the result. */
const JOB_EXPIRE_SECONDS = 600 + 300;
/**
 * Retry policy: a job whose instance died before it claimed the row is offered once more (after it
 * expires); one that claimed it is not run twice (the claim refuses a row no longer queued), and a
 * final failure is the row's «failed» with its Russian reason, written by the run itself or the sweep.
 */
const JOB_RETRIES = 1;

/** Solver jobs one instance runs at once: PARTA_SOLVER_CONCURRENCY, else half the cores (each runs two threads). */
export function solverConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.PARTA_SOLVER_CONCURRENCY);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/** The generator's background work: the generation job and the sweep of generations whose instance died. */
export function registerGeneratorJobs(app: FastifyInstance): void {
  const log = (message: string) => app.log.warn(message);
  /** The searches this app runs, by generation id: stopped when the app closes. */
  const localRuns = new Map<number, WorkerRun>();
  registerRun(
    app.queue,
    app.db,
    GENERATION_RUN,
    {
      concurrency: solverConcurrency(),
      expireInSeconds: JOB_EXPIRE_SECONDS,
      retryLimit: JOB_RETRIES,
      run: (generationId) => runGeneration(app.db, generationId, localRuns, log),
      // Closing the app: every search ends now and saves its best as «stopped».
      stopRunning: () => {
        for (const run of localRuns.values()) run.stop();
      },
    },
    log,
  );
}
