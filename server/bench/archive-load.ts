/**
 * Issue 40: the year's archive must not slow the journal for others (cell save within 10 % while a
 * whole-school archive builds). On the running server (its own process, PostgreSQL): cell saves
 * (cellSaves below) at 16 connections, a warm-up run not counted, alone, then while the director's archive of the whole school's year
 * builds in the background on the same server, then alone again: the machine (2 cores shared) drifts,
 * so the baseline is the mean of the two quiet runs. Each run is `seconds` long. The «during» run
 * starts once the build has finished its first class (it is past its start-up and really building)
 * and counts the classes it finished meanwhile; the build is then awaited (status done) and timed
 * (how long a school's archive takes with the journal in use beside it), and only then the «after»
 * run starts.
 */
import os from 'node:os';
import { Client } from 'pg';
import { drive, type LoadFigures, type LoadRequest } from './load';
import { type ScenarioContext, signIn } from './scenarios';

export interface ArchiveLoadFigures {
  connections: number;
  /** The machine's 1-minute load average before each run: others' work on it skews the ratio. */
  load_average: { before: number; during: number; after: number };
  seconds_per_run: number;
  alone_before: LoadFigures;
  during: LoadFigures;
  alone_after: LoadFigures;
  /** during ÷ mean of the quiet runs: p50, p95 (>1: slower) and req/s (<1: fewer). */
  ratio: { p50: number; p95: number; req_per_s: number };
  /** Target: p95 and p50 no more than 1.10 × quiet, req/s no less than 0.90 ×. */
  within_10_percent: boolean;
  /** Classes the archive finished while the saves ran, of all; the build kept running the whole run. */
  archive_classes_during: number;
  /** The build's pace while the saves ran (classes a minute). */
  archive_classes_per_minute_during: number;
  archive_busy_whole_run: boolean;
  archive: {
    status: string;
    classes: number;
    /** From the request to the build done, the «during» run included. */
    seconds: number;
    seconds_per_class: number;
    classes_per_minute: number;
    pages: number;
    megabytes: number;
  };
}

interface Build {
  id: number;
  status: string;
  done: number;
  total: number;
}

type Cell = { lesson_id: number; student_id: number; version: number };

/**
 * The zavuch's saves, the same in the three runs: every past cell of the first 150 class journals
 * (saved or not), one after another, a mark each time, at the cell's current version. Each answer
 * (200: the saved cell, 409: the cell as it is now) brings the cell's new version, so a cell reached
 * again is saved again, not refused. (A pool of unsaved cells ran out on the demo seed by the third
 * run, and its repeats, refused with 409 at version 0, skewed the quiet figures.)
 */
async function cellSaves({ get }: ScenarioContext): Promise<LoadRequest[]> {
  const index = await get<{
    data: { loads: { id: number; group_id: number; subgroup_id: number | null }[] };
  }>('/api/journal');
  const cells: Cell[] = [];
  for (const load of (index?.data.loads ?? []).filter((item) => item.subgroup_id === null).slice(0, 150)) {
    const grid = await get<{
      data: {
        editable: boolean;
        load: { graded: boolean };
        today: string;
        lessons: { id: number; date: string }[];
        students: { id: number }[];
        cells: Cell[];
      };
    }>(`/api/journal/${load.group_id}/${load.id}`);
    if (!grid?.data.editable || !grid.data.load.graded) continue;
    const versions = new Map(
      grid.data.cells.map((cell) => [`${cell.lesson_id}|${cell.student_id}`, cell.version]),
    );
    for (const lesson of grid.data.lessons.filter((item) => item.date <= grid.data.today))
      for (const student of grid.data.students)
        cells.push({
          lesson_id: lesson.id,
          student_id: student.id,
          version: versions.get(`${lesson.id}|${student.id}`) ?? 0,
        });
  }
  if (cells.length === 0) throw new Error('cell save: no editable cell in the first 150 journals');
  let issued = 0;
  return [
    {
      method: 'PUT',
      path: '/api/journal/lessons/0/students/0',
      setupRequest: (request, context) => {
        const cell = cells[issued % cells.length];
        const value = 4 + (Math.floor(issued / cells.length) % 2);
        issued += 1;
        context.cell = cell;
        return {
          ...request,
          path: `/api/journal/lessons/${cell.lesson_id}/students/${cell.student_id}`,
          body: JSON.stringify({ grades: [{ value }], attendance: null, version: cell.version }),
        };
      },
      onResponse: (_status, body, context) => {
        const cell = context.cell as Cell;
        try {
          const answer = JSON.parse(body) as { data: Cell | Cell[] };
          const now = Array.isArray(answer.data) ? answer.data[0] : answer.data;
          if (now) cell.version = now.version;
        } catch {
          // not an answer with the cell: the version stays
        }
      },
    },
  ];
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/**
 * Before each run: the database checkpointed and vacuumed, so each run starts from the same state
 * (the saves leave dead rows and the build writes megabytes of files; a checkpoint or autovacuum
 * falling inside one run and not another moved the quiet runs by up to a fifth).
 */
async function settle(databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

export async function archiveUnderLoad(
  base: string,
  databaseUrl: string,
  seconds: number,
  connections = 16,
): Promise<ArchiveLoadFigures> {
  const director = await signIn(base, 'director');
  const zavuch = await signIn(base, 'zavuch');
  const as = (token: string): ScenarioContext => ({
    base,
    get: async <T>(url: string) => {
      const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      return response.ok ? ((await response.json()) as T) : null;
    },
  });
  const directorGet = as(director).get;
  const periods = await directorGet<{
    data: { id: number; kind: string; closed: boolean; start_date: string; end_date: string }[];
  }>('/api/periods');
  const year = periods?.data.find((period) => period.kind === 'year');
  if (!year) throw new Error('no year period');
  // The large seed is a finished year, every period closed (its journal read only): the periods of
  // today (the year and its current terms) are reopened, so the journal takes saves. The year's
  // archive is built all the same (a year needs no closing; its open marks print as proposals).
  const today = new Date().toISOString().slice(0, 10);
  for (const term of periods?.data ?? []) {
    if (!term.closed || term.start_date > today || term.end_date < today) continue;
    const reopened = await fetch(`${base}/api/periods/${term.id}/reopen`, {
      method: 'POST',
      headers: { authorization: `Bearer ${director}` },
    });
    if (!reopened.ok) throw new Error(`reopen period ${term.id}: ${reopened.status}`);
  }
  const buildState = async (id: number) =>
    (await directorGet<{ data: Build }>(`/api/archive/builds/${id}`))?.data ?? null;

  const loadAverage = () => Number(os.loadavg()[0].toFixed(2));
  // A fresh server's first seconds (JIT, the pool's connections, PostgreSQL's caches) are not its
  // steady pace: a warm-up run first, not counted.
  await drive(base, zavuch, await cellSaves(as(zavuch)), connections, Math.min(5, seconds));
  const beforeRequests = await cellSaves(as(zavuch));
  await settle(databaseUrl);
  const load_average = { before: loadAverage(), during: 0, after: 0 };
  const aloneBefore = await drive(base, zavuch, beforeRequests, connections, seconds);

  const started = Date.now();
  const response = await fetch(`${base}/api/archive/builds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${director}`, 'content-type': 'application/json' },
    body: JSON.stringify({ period_id: year.id }),
  });
  if (response.status !== 202) throw new Error(`archive build: ${response.status} ${await response.text()}`);
  const build = ((await response.json()) as { data: Build }).data;
  // The queue's worker takes the job within its polling interval and the build starts (its own
  // process on PostgreSQL): the load starts once the first class is done, the build well under way.
  for (
    let state = build;
    state.status === 'queued' || (state.status === 'running' && state.done === 0);
    state = (await buildState(build.id)) ?? state
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
  const duringRequests = await cellSaves(as(zavuch));
  await settle(databaseUrl);
  const atStart = (await buildState(build.id))!;
  load_average.during = loadAverage();
  const duringStarted = Date.now();
  const during = await drive(base, zavuch, duringRequests, connections, seconds);
  const atEnd = (await buildState(build.id))!;
  const duringMinutes = (Date.now() - duringStarted) / 60_000;

  let state = atEnd;
  while (state.status === 'queued' || state.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = (await buildState(build.id)) ?? state;
  }
  const archiveSeconds = (Date.now() - started) / 1000;
  // The job ends a moment after the status it writes (its process closes its connection and exits).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const register = await directorGet<{
    data: { files: { build_id: number; size: number; pages: number }[] };
  }>(`/api/archive?period_id=${year.id}`);
  const files = register?.data.files.filter((file) => file.build_id === build.id) ?? [];

  const afterRequests = await cellSaves(as(zavuch));
  await settle(databaseUrl);
  load_average.after = loadAverage();
  const aloneAfter = await drive(base, zavuch, afterRequests, connections, seconds);
  const quiet = (field: 'p50_ms' | 'p95_ms' | 'req_per_s') => (aloneBefore[field] + aloneAfter[field]) / 2;
  const ratio = {
    p50: round(during.p50_ms / quiet('p50_ms')),
    p95: round(during.p95_ms / quiet('p95_ms')),
    req_per_s: round(during.req_per_s / quiet('req_per_s')),
  };
  return {
    connections,
    load_average,
    seconds_per_run: seconds,
    alone_before: aloneBefore,
    during,
    alone_after: aloneAfter,
    ratio,
    within_10_percent: ratio.p50 <= 1.1 && ratio.p95 <= 1.1 && ratio.req_per_s >= 0.9,
    archive_classes_during: atEnd.done - atStart.done,
    archive_classes_per_minute_during: round((atEnd.done - atStart.done) / duringMinutes, 1),
    archive_busy_whole_run: atEnd.status === 'running',
    archive: {
      status: state.status,
      classes: state.total,
      seconds: Math.round(archiveSeconds),
      seconds_per_class: round(archiveSeconds / Math.max(1, state.total), 2),
      classes_per_minute: round((state.total / archiveSeconds) * 60, 1),
      pages: files.reduce((sum, file) => sum + file.pages, 0),
      megabytes: round(files.reduce((sum, file) => sum + file.size, 0) / 1024 / 1024, 1),
    },
  };
}
