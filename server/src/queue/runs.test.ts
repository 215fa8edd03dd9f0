import type { GenerationInputParsed } from '@parta/shared/domain/contracts/timetable-generator';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/helpers';
import type { Database } from '../db/client';
import { archiveBuilds, generations, periods, users } from '../db/schema';
import { ARCHIVE_JOB, ARCHIVE_RUN } from '../modules/archive/archive.repository';
import { GENERATION_JOB, GENERATION_RUN } from '../modules/timetable-generator/generator.repository';
import {
  claimRun,
  failRun,
  finishRun,
  heartbeatRun,
  RUN_STALE_SECONDS,
  RUNNER,
  requestStop,
  startRun,
  sweepStaleRuns,
} from './runs';

/**
 * The background-run capability on its two users' tables (generations: with a runner and a stop
 * request; archive builds: without): one run under way per school, a claim taken once, a heartbeat
 * that answers a stop, an end written only by the run's own process, a Russian reason for the user
 * and the stack for the log, and the sweep of runs whose instance died.
 */
let app: FastifyInstance;
let organizationId: number;
let periodId: number;
let createdBy: number;

beforeAll(async () => {
  // Nothing runs the jobs: the test drives the rows itself.
  app = await createTestApp({
    queue: { concurrency: { [GENERATION_JOB]: 0, [ARCHIVE_JOB]: 0 }, maintenance: false },
  });
  const [year] = await app.db.select().from(periods).where(eq(periods.kind, 'year')).limit(1);
  organizationId = year.organizationId;
  periodId = year.id;
  [{ id: createdBy }] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'director'));
});

afterAll(async () => {
  await app.close();
});

const insertBuild = (db: Database) =>
  db
    .insert(archiveBuilds)
    .values({ organizationId, periodId, total: 3, createdBy, status: 'queued' })
    .returning({ id: archiveBuilds.id })
    .then(([row]) => row.id);

const insertGeneration = (db: Database) =>
  db
    .insert(generations)
    .values({
      organizationId,
      status: 'queued',
      input: { template_name: 'Проба' } as GenerationInputParsed,
      academicYear: '2025/2026',
    })
    .returning({ id: generations.id })
    .then(([row]) => row.id);

const build = (id: number) =>
  app.db
    .select()
    .from(archiveBuilds)
    .where(eq(archiveBuilds.id, id))
    .then(([row]) => row);
const generation = (id: number) =>
  app.db
    .select()
    .from(generations)
    .where(eq(generations.id, id))
    .then(([row]) => row);

describe('a background run', () => {
  it('starts one per school: a second start is 409 with the kind’s Russian message', async () => {
    const id = await startRun(app.db, app.queue, ARCHIVE_RUN, insertBuild);
    expect((await build(id)).status).toBe('queued');
    await expect(startRun(app.db, app.queue, ARCHIVE_RUN, insertBuild)).rejects.toMatchObject({
      statusCode: 409,
      message: ARCHIVE_RUN.alreadyRunning,
    });
    // The job of the refused start was never sent: its transaction rolled back with the row.
    const jobs = (await app.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${ARCHIVE_JOB}`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0].n).toBe(1);
    await app.db.update(archiveBuilds).set({ status: 'done' }).where(eq(archiveBuilds.id, id));
  });

  it('is claimed once, beats with its progress and ends; a failure keeps a Russian reason, the stack goes to the log', async () => {
    const id = await insertBuild(app.db);
    const claimed = await claimRun(app.db, ARCHIVE_RUN, id);
    expect(claimed).toMatchObject({ id, status: 'running', periodId });
    expect(await claimRun(app.db, ARCHIVE_RUN, id)).toBeUndefined();
    // A table without a stop request: never asked to stop.
    expect(await heartbeatRun(app.db, ARCHIVE_RUN, id, { done: 2 })).toEqual({ stopRequested: false });
    expect((await build(id)).done).toBe(2);
    const logged: string[] = [];
    await failRun(app.db, ARCHIVE_RUN, id, (message) => logged.push(message), new Error('disk full'));
    const failed = await build(id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(ARCHIVE_RUN.failedReason);
    expect(failed.finishedAt).not.toBeNull();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Архив \d+: .*Error: disk full\n\s+at /s);
    // Ended: no more heartbeat, no second end.
    expect(await heartbeatRun(app.db, ARCHIVE_RUN, id)).toBeNull();
    expect(await finishRun(app.db, ARCHIVE_RUN, id, { status: 'done' })).toBe(false);
  });

  it('hears a stop asked from any instance, and only its own process may end it', async () => {
    const queued = await insertGeneration(app.db);
    await requestStop(app.db, GENERATION_RUN, queued);
    expect((await generation(queued)).status).toBe('stopped');

    const id = await insertGeneration(app.db);
    expect((await claimRun(app.db, GENERATION_RUN, id))?.runner).toBe(RUNNER);
    expect(await heartbeatRun(app.db, GENERATION_RUN, id, { placed: 5 })).toEqual({ stopRequested: false });
    await requestStop(app.db, GENERATION_RUN, id);
    expect(await heartbeatRun(app.db, GENERATION_RUN, id)).toEqual({ stopRequested: true });
    expect((await generation(id)).placed).toBe(5);
    // Another process took the row over (this one stalled and was swept, the row restarted): not ours.
    await app.db.update(generations).set({ runner: 'elsewhere:1' }).where(eq(generations.id, id));
    expect(await heartbeatRun(app.db, GENERATION_RUN, id)).toBeNull();
    expect(await finishRun(app.db, GENERATION_RUN, id, { status: 'done' })).toBe(false);
    await app.db.update(generations).set({ runner: RUNNER }).where(eq(generations.id, id));
    expect(await finishRun(app.db, GENERATION_RUN, id, { status: 'stopped', reasons: [] })).toBe(true);
    expect((await generation(id)).status).toBe('stopped');
  });

  it('is failed by the sweep once its heartbeat is stale, with the kind’s reason; a live one is not', async () => {
    const running = async (ago: number) => {
      const id = await insertGeneration(app.db);
      await claimRun(app.db, GENERATION_RUN, id);
      await app.db
        .update(generations)
        .set({ heartbeatAt: sql`now() - make_interval(secs => ${ago})` })
        .where(eq(generations.id, id));
      return id;
    };
    const alive = await running(1);
    expect(await sweepStaleRuns(app.db, GENERATION_RUN)).toEqual([]);
    await finishRun(app.db, GENERATION_RUN, alive, { status: 'done' });
    const dead = await running(RUN_STALE_SECONDS + 2);
    expect(await sweepStaleRuns(app.db, GENERATION_RUN)).toEqual([dead]);
    const swept = await generation(dead);
    expect(swept.status).toBe('failed');
    expect(swept.reasons).toEqual([GENERATION_RUN.lostReason]);
    expect(RUN_STALE_SECONDS).toBeLessThanOrEqual(30);
  });
});
