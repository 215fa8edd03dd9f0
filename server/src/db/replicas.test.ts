import { execSync } from 'node:child_process';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TEST_DATABASE } from '../../test/helpers';
import {
  createReplicaClusters,
  type ReplicaClusters,
  replicaClustersUnavailable,
} from '../../test/replica-clusters';
import { firstOpenSchoolDay } from '../../test/school-days';
import { buildApp } from '../app';
import { setSchoolClock } from '../modules/clock/clock.service';
import { WRITE_LSN_COOKIE } from '../plugins/db';
import { DEMO_PASSWORD, seed } from '../seed';
import { type DatabaseHandle, openDatabase } from './client';
import { lessons, loads } from './schema';

/**
 * Reads from a streaming replica on real clusters (test/replica-clusters.ts): a primary and a
 * pg_basebackup -R replica of it, the app on both (DATABASE_URL + DATABASE_REPLICA_URL as server.ts
 * passes them). Proves where reports and diaries are read, read-your-writes while the replica's
 * replay is paused, the lag bound, a stopped replica costing no failed answer, and writes staying on
 * the primary.
 */
const unavailable =
  TEST_DATABASE !== 'postgres'
    ? 'the postgres project only (PGlite has no replicas)'
    : replicaClustersUnavailable();
const describeReplicas = unavailable ? describe.skip : describe;
if (unavailable) console.info(`replicas.test.ts skipped: ${unavailable}`);

const DATABASE = 'parta';
const MAX_LAG_MS = 3000;
const PROBE_MS = 200;

let clusters: ReplicaClusters;
let database: DatabaseHandle;
let app: FastifyInstance;
let schoolDay: string;
let lessonIds: number[];
let studentIds: number[];

/** A browser of one user: its bearer token and the cookie the API set (the last-write position). */
interface Browser {
  token: string;
  cookie?: string;
}
const browsers: Record<string, Browser> = {};

async function send(
  browser: Browser | undefined,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(browser ? { authorization: `Bearer ${browser.token}` } : {}),
      ...(browser?.cookie ? { cookie: browser.cookie } : {}),
    },
    ...(payload ? { payload } : {}),
  });
  const setCookie = [response.headers['set-cookie'] ?? []].flat();
  const written = setCookie.find((value) => value.startsWith(`${WRITE_LSN_COOKIE}=`));
  if (browser && written) browser.cookie = written.split(';')[0];
  return response;
}

async function login(name: string): Promise<Browser> {
  const browser: Browser = { token: '' };
  const answer = await send(browser, 'POST', '/api/auth/login', { login: name, password: DEMO_PASSWORD });
  expect(answer.statusCode).toBe(200);
  browser.token = answer.json().data.token;
  return browser;
}

/** Rows read by each server in the test database since the counters were last flushed. */
async function tuplesRead(): Promise<{ primary: number; replica: number }> {
  const text = `select tup_returned + tup_fetched as n from pg_stat_database where datname = '${DATABASE}'`;
  const [primary] = await clusters.onPrimary(text);
  const [replica] = await clusters.onReplica(text);
  return { primary: Number(primary.n), replica: Number(replica.n) };
}

/**
 * A backend publishes its counters at most once a second and, when idle, within 10 s
 * (PGSTAT_IDLE_INTERVAL): waiting that long makes the two servers' figures complete.
 */
const statsFlushed = () => new Promise((resolve) => setTimeout(resolve, 11_000));

const weekOf = async (browser: Browser) => {
  const answer = await send(browser, 'GET', `/api/journal/week?date=${schoolDay}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().data as {
    marks: { date: string }[];
    classes: { count: number }[];
  };
};
const teacherMarksToday = async () =>
  (await weekOf(browsers.teacher)).marks.filter((m) => m.date === schoolDay).length;
const schoolMarks = async () =>
  (await weekOf(browsers.director)).classes.reduce((sum, row) => sum + row.count, 0);

/** The `student` login's marks of the school day in their diary's «latest marks». */
const studentMarksToday = async () => {
  const answer = await send(browsers.student, 'GET', '/api/diary/latest-marks');
  expect(answer.statusCode).toBe(200);
  return (answer.json().data.marks as { date: string }[]).filter((mark) => mark.date === schoolDay).length;
};

const saveCell = (index: number, value: number) =>
  send(browsers.teacher, 'PUT', `/api/journal/lessons/${lessonIds[index]}/students/${studentIds[index]}`, {
    grades: [{ value }],
    attendance: null,
    version: 0,
  });

/** Until the app's probe has seen the replica replay everything (and so reads go there again). */
async function replicaInUse(timeoutMs = 30_000) {
  await clusters.caughtUp(timeoutMs);
  const until = Date.now() + timeoutMs;
  for (;;) {
    await database.replicas?.probe();
    const [state] = database.replicas?.states() ?? [];
    if (state?.up && state.lagMs <= MAX_LAG_MS) return;
    if (Date.now() > until) throw new Error(`the replica is not back in use: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
  }
}

async function fill(primaryUrl: string) {
  const server = process.env.DATABASE_URL;
  const template = process.env.PARTA_PG_TEMPLATE;
  if (server && template) {
    const source = new URL(server);
    source.pathname = `/${template}`;
    execSync(`set -o pipefail; pg_dump --no-owner "${source}" | psql -q -v ON_ERROR_STOP=1 "${primaryUrl}"`, {
      shell: '/bin/bash',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return;
  }
  const handle = await openDatabase({ databaseUrl: primaryUrl });
  await handle.migrate();
  await seed(handle.db);
  await handle.close();
}

describeReplicas('reads from a streaming replica (two local clusters)', () => {
  beforeAll(async () => {
    clusters = await createReplicaClusters(DATABASE, fill);
    database = await openDatabase({
      databaseUrl: clusters.primaryUrl(DATABASE),
      replicaUrls: [clusters.replicaUrl(DATABASE)],
      replicaOptions: { maxLagMs: MAX_LAG_MS, probeMs: PROBE_MS, warn: () => undefined },
    });
    schoolDay = await firstOpenSchoolDay(database.db);
    setSchoolClock(schoolDay);
    // The teacher's own class journal of the class of the `student` login (their diary shows its marks).
    const [pupil] = (
      await database.executeSql(
        `select s.id, s.class_id from students s join users u on u.id = s.user_id where u.login = 'student'`,
      )
    ).rows as { id: number; class_id: number }[];
    const teacherId = Number(
      (await database.executeSql(`select id from users where login = 'teacher'`)).rows[0].id,
    );
    const [teacherLoad] = await database.db
      .select()
      .from(loads)
      .where(and(eq(loads.teacherId, teacherId), isNull(loads.subgroupId), eq(loads.classId, pupil.class_id)))
      .orderBy(loads.id)
      .limit(1);
    expect(teacherLoad).toBeDefined();
    const inserted = await database.db
      .insert(lessons)
      .values(
        [11, 12, 13].map((lessonNumber) => ({
          organizationId: teacherLoad.organizationId,
          loadId: teacherLoad.id,
          classId: teacherLoad.classId,
          subjectId: teacherLoad.subjectId,
          teacherId: teacherLoad.teacherId,
          date: schoolDay,
          lessonNumber,
        })),
      )
      .returning({ id: lessons.id });
    lessonIds = inserted.map((row) => row.id);
    const pupils = await database.executeSql(
      `select id from students where class_id = $1 and id <> $2 order by id limit 2`,
      [teacherLoad.classId, pupil.id],
    );
    studentIds = [Number(pupil.id), ...pupils.rows.map((row) => Number(row.id))];
    expect(studentIds).toHaveLength(3);

    app = await buildApp({ database, closeDatabase: true });
    await app.ready();
    for (const name of ['teacher', 'director', 'zavuch', 'student', 'parent'])
      browsers[name] = await login(name);
    await replicaInUse();
  }, 150_000);

  afterAll(async () => {
    setSchoolClock(null);
    await app?.close();
    if (!app) await database?.close();
    clusters?.drop();
  });

  it('serves reports and diaries from the replica: it reads the rows, the primary only the sessions', async () => {
    const [{ id: periodId }] = await clusters.onPrimary(
      `select p.id from periods p join users u on u.organization_id = p.organization_id
        where u.login = 'zavuch' order by p.start_date limit 1`,
      DATABASE,
    );
    // What beforeAll read (the seed, the logins) published first: the reports read the school's
    // rows through its indexes now (~1 million tuples, no longer every pupil per line), and the
    // seed's unpublished reads on the primary were a tenth of that.
    await statsFlushed();
    const before = await tuplesRead();
    for (const url of [
      `/api/reports/classification?period_id=${periodId}`,
      `/api/reports/academic-performance?period_id=${periodId}`,
      `/api/reports/journal-completion?from=2026-09-01&to=2026-11-20`,
    ])
      expect((await send(browsers.zavuch, 'GET', url)).statusCode).toBe(200);
    for (const name of ['student', 'parent'])
      expect((await send(browsers[name], 'GET', '/api/diary?week=2026-09-14')).statusCode).toBe(200);
    expect((await send(browsers.student, 'GET', '/api/diary/latest-marks')).statusCode).toBe(200);
    await statsFlushed();
    const after = await tuplesRead();
    const replica = after.replica - before.replica;
    const primary = after.primary - before.primary;
    expect(replica).toBeGreaterThan(20_000);
    // The primary looked up sessions (and the probe asked its WAL position): a small share.
    expect(primary).toBeLessThan(replica / 10);
  }, 90_000);

  it('shows the teacher their own save at once while the replica is paused; others read the replica', async () => {
    const schoolBefore = await schoolMarks();
    expect(await teacherMarksToday()).toBe(0);
    expect(await studentMarksToday()).toBe(0);
    await clusters.onReplica('select pg_wal_replay_pause()');
    try {
      const saved = await saveCell(0, 5);
      expect(saved.statusCode).toBe(200);
      expect(browsers.teacher.cookie).toMatch(/^parta_wal=[0-9A-F]+\/[0-9A-F]+$/);
      // The teacher's cookie says the replica has not replayed the save: their reads go to the primary.
      expect(await teacherMarksToday()).toBe(1);
      // The director wrote nothing since: the replica answers, a mark behind (stale is fine for them).
      expect(await schoolMarks()).toBe(schoolBefore);
      // …and so does the student's diary: the mark given to them is not there yet.
      expect(await studentMarksToday()).toBe(0);
      // Past the lag bound the replica is skipped for everybody: the director sees the mark too.
      await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS + 4 * PROBE_MS));
      await database.replicas?.probe();
      expect(database.replicas?.states()[0].lagMs).toBeGreaterThan(MAX_LAG_MS);
      expect(await schoolMarks()).toBe(schoolBefore + 1);
      expect(await studentMarksToday()).toBe(1);
    } finally {
      await clusters.onReplica('select pg_wal_replay_resume()');
    }
    await replicaInUse();
    expect(await schoolMarks()).toBe(schoolBefore + 1);
  }, 60_000);

  it('costs no failed answer when the replica stops, and reads from it again once it is back', async () => {
    const statuses: number[] = [];
    let running = true;
    const traffic = (async () => {
      while (running) {
        for (const [name, url] of [
          ['student', '/api/diary?week=2026-09-14'],
          ['director', `/api/journal/week?date=${schoolDay}`],
          ['zavuch', `/api/reports/journal-completion?from=2026-09-01&to=2026-11-20`],
        ] as const)
          statuses.push((await send(browsers[name], 'GET', url)).statusCode);
      }
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      clusters.stopReplica();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(database.replicas?.states()[0].up).toBe(false);
      // A write while the replica is down goes to the primary as always.
      expect((await saveCell(1, 4)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      running = false;
      await traffic;
    }
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    clusters.startReplica();
    await replicaInUse();
    // Back in use: paused again, the director's read is the replica's (a mark behind the primary).
    const schoolBefore = await schoolMarks();
    await clusters.onReplica('select pg_wal_replay_pause()');
    try {
      expect((await saveCell(2, 3)).statusCode).toBe(200);
      expect(await schoolMarks()).toBe(schoolBefore);
    } finally {
      await clusters.onReplica('select pg_wal_replay_resume()');
    }
  }, 90_000);

  it('writes only to the primary: every save answered 200 and its marks are there, replayed to the replica', async () => {
    const text = `select count(*)::int as n from marks where lesson_id in (${lessonIds.join(',')})`;
    const [{ n: onPrimary }] = await clusters.onPrimary(text, DATABASE);
    expect(onPrimary).toBe(3);
    await clusters.caughtUp();
    const replica = await import('pg').then(
      ({ Client }) => new Client({ connectionString: clusters.replicaUrl(DATABASE) }),
    );
    await replica.connect();
    try {
      expect((await replica.query(text)).rows[0].n).toBe(3);
      // The replica is read-only: a write sent there would have failed (and answered 500).
      await expect(
        replica.query(`update marks set value = value where lesson_id = ${lessonIds[0]}`),
      ).rejects.toThrow(/read-only transaction/);
    } finally {
      await replica.end();
    }
  });
});
