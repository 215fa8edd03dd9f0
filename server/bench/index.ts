/**
 * `pnpm bench`: the performance suite as users meet it. The server runs as its own process on
 * PostgreSQL (DATABASE_URL) with the demo seed (and the large seed for whole-school reports), HTTP load
 * comes from autocannon at 1, 16 and 64 connections, and the machine's own limits are measured in the
 * same run (pgbench select-only and simple-update, the server's /api/health), so every figure is also
 * printed as a ratio to its reference. Memory (RSS) at rest and under load on PostgreSQL and PGlite.
 * The front end (bytes per step in Chromium) comes from `pnpm --filter e2e bench`.
 * Prints one table and writes bench-results/<date>.json.
 *
 *   pnpm bench                full run (about 15 minutes)
 *   pnpm bench --quick        one minute: demo seed, 16 connections, the main scenarios
 *   pnpm bench --first-start  only the first start: fresh clone → install → start → healthy (bench/first-start.ts)
 *   pnpm bench --size region  a region in one PostgreSQL (bench/region.ts): 200 schools generated in
 *                             set-based SQL, the journal, reports, registry and staff list on it at 16
 *                             connections against the one-school figures of the same run; options
 *                             --schools N, --density 0–1 (share of the term's cells given a mark),
 *                             --keep (keep the region database), --region-db NAME (reuse a kept one);
 *                             --replica: on a primary and a streaming replica made as local clusters
 *                             (root), reads (reports, diary, student card) on the replica
 *   pnpm bench --region N     the same as --size region --schools N (N defaults to 1000)
 *   pnpm bench --generator    adds the timetable generator section (generator-bench.ts): Parta's solver
 *                             and, when installed, fet-cl on FET's examples, median of --generator-seeds
 *                             (5) seeds of --generator-seconds (60) s, and with DATABASE_URL the demo and
 *                             the large seed's school through the API (seconds to 0 hard violations);
 *                             --generator-only runs just that; --generator-hard adds FET's difficult
 *                             examples (HARD_FILES) at 240 s; --generator-hard-file NAME only those
 *                             whose file name holds NAME (e.g. v1_7)
 *   pnpm bench --archive-only the year's archive beside the journal (archive-load.ts): cell save at 16
 *                             connections alone, while the whole school's archive builds on the same
 *                             server, alone again; the ratio (target: within 10 %) and the build's
 *                             time, on the demo seed and (without --no-large) the large seed's school;
 *                             --archive-in-process builds in the API's process (PGlite's way) to compare;
 *                             --archive-db NAME runs it only on that kept database (seeded with bench:seed)
 *   pnpm bench --only 'journal open,cell save'
 *                             only the demo seed's scenarios whose names start with one of the
 *                             comma-separated prefixes, at 16 connections (and --levels 1,16,64 if
 *                             asked), on a fresh demo database, beside /api/health: no pgbench, no
 *                             large seed, no archive, no PGlite memory, no front end (a quick
 *                             before/after of one change); --against DIR adds a second server
 *                             started from another checkout's server folder (e.g. a worktree of
 *                             main) on the same database (on a second one, migrated and seeded by
 *                             that checkout's own bench:seed, when its migrations differ), and each
 *                             scenario runs --rounds N (3) times on one then the other, rows
 *                             labelled by checkout
 *   options: --seconds N (per scenario and level), --no-frontend, --no-large, --no-lighthouse,
 *   --no-first-start, --no-archive (the full run includes the archive section)
 *   (Lighthouse's mobile preset on /login, /dashboard and the teacher's journal runs with the front end)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FrontEndFile, LighthouseFigures, LighthouseFile } from '../../e2e/bench/figures';
import { createReplicaClusters, type ReplicaClusters } from '../test/replica-clusters';
import { type ArchiveLoadFigures, archiveUnderLoad } from './archive-load';
import { measureFirstStart } from './first-start';
import { benchGenerator, benchSchoolGeneration, HARD_FILES, HARD_IMPROVE_SECONDS } from './generator-bench';
import { drive, type LoadFigures } from './load';
import { type RegionFigures, restoreRegion, seedRegion } from './region';
import { SCENARIOS, type Scenario, type ScenarioContext, signIn } from './scenarios';
import {
  dropDatabase,
  peakRssDuring,
  pgbenchReference,
  rssMb,
  SERVER_DIR,
  scratchDatabase,
  seedCounts,
  seedDatabase,
  startServer,
  withDatabase,
} from './system';

/**
 * `--region N` is `--size region --schools N` (issue 53's spelling; N defaults to 1,000, a region's
 * size), so both spellings run the one region bench.
 */
function regionAlias(given: string[]): string[] {
  const at = given.indexOf('--region');
  if (at < 0) return given;
  const counted = /^\d+$/.test(given[at + 1] ?? '');
  const count = counted ? given[at + 1] : '1000';
  const rest = [...given.slice(0, at), ...given.slice(at + (counted ? 2 : 1))];
  return [...rest, '--size', 'region', ...(rest.includes('--schools') ? [] : ['--schools', count])];
}

const args = regionAlias(process.argv.slice(2));
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const QUICK = flag('quick');
const SECONDS = Number(option('seconds', QUICK ? '3' : '8'));
/** --only: prefixes of the scenarios' names to run alone (see the header). */
const ONLY = option('only', '')
  .split(',')
  .map((prefix) => prefix.trim())
  .filter(Boolean);
const LEVELS = option('levels', QUICK || ONLY.length > 0 ? '16' : '1,16,64')
  .split(',')
  .map(Number);
const REPO_ROOT = path.resolve(__dirname, '../..');

interface Row extends Partial<LoadFigures> {
  scenario: string;
  seed: string;
  status: 'ok' | 'missing' | 'failed' | 'limited';
  vs_health?: number;
  vs_pgbench?: number;
  target?: string;
  meets_target?: boolean;
  note?: string;
  /** Front-end rows: bytes transferred (KB) and wall time (ms) of the step in Chromium. */
  kb?: number;
  ms?: number;
  /** What verify() found after the scenario (the journal's saves: acknowledged, found, lost). */
  verified?: Record<string, number | string>;
}

function contextFor(base: string, token: string | null): ScenarioContext {
  return {
    base,
    get: async <T>(url: string) => {
      const response = await fetch(`${base}${url}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return response.ok ? ((await response.json()) as T) : null;
    },
  };
}

function describeTarget(scenario: Scenario): string | undefined {
  const parts = [];
  if (scenario.target?.p95_ms) parts.push(`p95 < ${scenario.target.p95_ms} ms`);
  if (scenario.target?.req_per_s) parts.push(`≥ ${scenario.target.req_per_s} req/s`);
  return parts.length ? `${parts.join(', ')} at ${scenario.target?.connections ?? 16}` : undefined;
}

async function runScenarios(
  base: string,
  seedLabel: string,
  scenarios: Scenario[],
  databaseUrl: string,
  references: { health: Map<number, number>; pgbenchSelect: number },
  levelsOf: (scenario: Scenario) => number[] = () => LEVELS,
): Promise<Row[]> {
  const rows: Row[] = [];
  // Every user signs in once, before any load: the sign-in scenario floods /api/auth/login past its
  // per-IP guard (120 a minute), which would refuse the next scenario's own sign-in for a minute.
  const tokens = new Map<string, string>();
  for (const login of new Set(scenarios.map((scenario) => scenario.login)))
    if (login) tokens.set(login, await signIn(base, login));
  for (const scenario of scenarios) {
    const token = scenario.login ? (tokens.get(scenario.login) ?? null) : null;
    const context = contextFor(base, token);
    const requests = await scenario.prepare(context).catch(() => null);
    if (!requests || requests.length === 0) {
      rows.push({
        scenario: scenario.name,
        seed: seedLabel,
        status: 'missing',
        note: 'маршрут ещё не реализован',
      });
      continue;
    }
    for (const connections of levelsOf(scenario)) {
      const figures = await drive(base, token, requests, connections, SECONDS);
      if (scenario.name.includes('(reference)')) references.health.set(connections, figures.req_per_s);
      const health = references.health.get(connections);
      const limited = figures.failed > 0 && figures.rate_limited === figures.failed;
      const row: Row = {
        scenario: scenario.name,
        seed: seedLabel,
        status: limited ? 'limited' : figures.failed > 0 ? 'failed' : 'ok',
        note: limited
          ? `${figures.rate_limited} ответов 429: ограничитель частоты (входов: 120 в минуту с одного IP)`
          : undefined,
        ...figures,
        vs_health: health ? Number((figures.req_per_s / health).toFixed(3)) : undefined,
        vs_pgbench: Number.isNaN(references.pgbenchSelect)
          ? undefined
          : Number((figures.req_per_s / references.pgbenchSelect).toFixed(3)),
        target: describeTarget(scenario),
      };
      if (scenario.target && connections === (scenario.target.connections ?? 16)) {
        row.meets_target =
          (scenario.target.p95_ms === undefined || figures.p95_ms < scenario.target.p95_ms) &&
          (scenario.target.req_per_s === undefined || figures.req_per_s >= scenario.target.req_per_s);
      }
      rows.push(row);
    }
    if (scenario.verify) {
      const verified = await scenario.verify({ ...context, databaseUrl });
      rows[rows.length - 1].verified = verified;
      rows[rows.length - 1].note = Object.entries(verified)
        .map(([key, value]) => `${key}: ${value}`)
        .join(', ');
    }
  }
  return rows;
}

/** The server on PGlite (its own data folder, demo seed at start): memory at rest and after some load. */
async function pgliteMemory() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parta-bench-pglite-'));
  const server = await startServer({ PARTA_DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const atRest = rssMb(server.pid);
    const token = await signIn(server.base, 'director');
    const { peakMb } = await peakRssDuring(server.pid, () =>
      drive(server.base, token, [{ method: 'GET', path: '/api/users' }], 16, Math.min(SECONDS, 5)),
    );
    return { rss_at_rest_mb: atRest, rss_under_load_mb: peakMb };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** front-end.json as written by e2e/bench/front-end.bench.ts, or why there is none. */
type FrontEndFigures = Partial<FrontEndFile> & { error?: string };

/** The front end's figures as rows of the main table: KB and ms per step, with the issue's targets. */
function frontEndRows(figures: FrontEndFigures): Row[] {
  if (figures.error || !figures.steps) {
    return [{ scenario: 'front end (Chromium)', seed: 'demo', status: 'failed', note: figures.error }];
  }
  const rows: Row[] = figures.steps.map((step) => {
    const kb = Number((step.total / 1024).toFixed(1));
    return {
      scenario: `front end: ${step.step}`,
      seed: 'demo',
      status: 'ok',
      kb,
      ms: step.ms,
      target: step.budget === null ? undefined : `≤ ${step.budget / 1024} KB`,
      meets_target: step.budget === null ? undefined : step.total <= step.budget,
    };
  });
  const journal = figures.journal;
  if (journal) {
    rows.push(
      {
        scenario: 'front end: journal click → grid interactive',
        seed: 'demo',
        status: 'ok',
        ms: journal.grid_interactive_ms,
        target: `< ${journal.grid_interactive_target_ms} ms`,
        meets_target: journal.grid_interactive_ms < journal.grid_interactive_target_ms,
      },
      {
        scenario: 'front end: mark typed → saved (20 marks)',
        seed: 'demo',
        status: 'ok',
        p50_ms: journal.mark_saved_ms.median,
        ms: journal.mark_saved_ms.max,
        target: `≤ ${journal.mark_saved_target_ms} ms each (max)`,
        meets_target: journal.mark_saved_ms.max <= journal.mark_saved_target_ms,
        note: `median ${journal.mark_saved_ms.median} ms, max ${journal.mark_saved_ms.max} ms`,
      },
    );
  }
  return rows;
}

/** Lighthouse mobile per page, against the issue's targets (performance ≥ 90, a11y and best practices 100, TBT < 200 ms). */
function lighthouseRows(pages: LighthouseFigures[]): Row[] {
  return pages.map((figures) => ({
    scenario: `Lighthouse mobile: ${figures.page}`,
    seed: 'demo',
    status: 'ok',
    ms: figures.lcp,
    target: 'perf ≥ 90, a11y 100, bp 100, TBT < 200 ms',
    meets_target:
      figures.performance >= 90 &&
      figures.accessibility === 100 &&
      figures.bestPractices === 100 &&
      figures.tbt < 200,
    note: `perf ${figures.performance}, a11y ${figures.accessibility}, bp ${figures.bestPractices}, TBT ${figures.tbt} ms, LCP ${figures.lcp} ms, benchmarkIndex ${figures.benchmarkIndex}, median of ${figures.runs.length} runs (perf/TBT/benchmarkIndex: ${figures.runs.map((run) => `${run.performance}/${run.tbt}/${run.benchmarkIndex}`).join(', ')})${figures.failed.length ? `; ${figures.failed.join(', ')}` : ''}`,
  }));
}

function readLighthouse(): LighthouseFile | null {
  const file = path.join(REPO_ROOT, 'bench-results', 'lighthouse.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LighthouseFile) : null;
}

function frontEnd(): FrontEndFigures {
  const file = path.join(REPO_ROOT, 'bench-results', 'front-end.json');
  rmSync(file, { force: true });
  rmSync(path.join(REPO_ROOT, 'bench-results', 'lighthouse.json'), { force: true });
  try {
    execFileSync('pnpm', ['--filter', 'e2e', 'bench'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...(flag('no-lighthouse') ? { PARTA_NO_LIGHTHOUSE: '1' } : {}) },
    });
  } catch (error) {
    return { error: `front-end bench failed: ${(error as Error).message}` };
  }
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { error: 'no front-end.json written' };
}

/** The platform administrator's registry: the list (the tree's top, paged) and a search. */
const REGISTRY_SCENARIOS: Scenario[] = [
  {
    name: 'registry list (GET /api/organizations)',
    login: 'admin',
    target: { p95_ms: 100 },
    prepare: async () =>
      [1, 2, 3, 4].map((page) => ({ method: 'GET', path: `/api/organizations?page=${page}&per_page=50` })),
  },
  {
    name: 'registry search (GET /api/organizations?search)',
    login: 'admin',
    target: { p95_ms: 100 },
    prepare: async () =>
      ['Школа №17', 'региона', 'гимназ', '7700000', 'СОШ'].map((search) => ({
        method: 'GET',
        path: `/api/organizations?search=${encodeURIComponent(search)}`,
      })),
  },
];

const scenarioNamed = (start: string) => {
  const found = SCENARIOS.find((scenario) => scenario.name.startsWith(start));
  if (!found) throw new Error(`no scenario ${start}`);
  return found;
};

/**
 * The region's targets against one school alone (issue 53), by scenario: p95 in the region at most
 * this many times one school's. The whole-school reports' target holds with a replica: there the
 * region's reports must be no slower than one school's.
 */
const REGION_TARGETS: { scenario: string; ratio: number; replicaOnly?: boolean }[] = [
  { scenario: 'journal open', ratio: 1.5 },
  { scenario: 'student card', ratio: 1.5 },
  { scenario: 'cell save', ratio: 1.2 },
  { scenario: 'classification', ratio: 1, replicaOnly: true },
  { scenario: 'academic performance', ratio: 1, replicaOnly: true },
  { scenario: 'journal completion', ratio: 1, replicaOnly: true },
];

/**
 * `pnpm bench --size region`: one school's figures and a region's (200 schools in one PostgreSQL) in
 * the same run, the school measured being the same in both: the demo seed with the term's marks
 * topped up as in the region (`seedRegion` with no copies), so the ratios are of the region's size
 * alone. Journal open, cell save, the student card and the diary at 16 connections, each of the three
 * whole-school reports for one director (1 connection), the staff list of one school; in the region
 * also the registry list and search for the platform administrator (p95 < 100 ms at 16).
 */
async function regionBench(givenServerUrl: string) {
  const started = Date.now();
  // --replica: a primary and a streaming replica of it as two local clusters (root, PostgreSQL 15);
  // every database the bench creates on the primary streams to the replica, and the servers read
  // the reports, diaries and dashboards there (DATABASE_REPLICA_URL).
  // Buffers as a region's server would have them (a quarter of this machine's memory shared by the
  // two), not the test's 64 MB: the region's hot pages stay in PostgreSQL's own cache.
  const replica = flag('replica')
    ? await createReplicaClusters(null, undefined, [
        'shared_buffers=3GB',
        'effective_cache_size=12GB',
        'max_wal_size=8GB',
      ])
    : undefined;
  try {
    return await regionBenchOn(replica ? replica.primaryUrl('postgres') : givenServerUrl, replica, started);
  } finally {
    replica?.drop();
  }
}

async function regionBenchOn(serverUrl: string, replica: ReplicaClusters | undefined, started: number) {
  /** The server's environment for a database of the primary: with its replica when there is one. */
  const serverEnv = async (url: string): Promise<Record<string, string>> => {
    if (!replica) return { DATABASE_URL: url };
    await replica.caughtUp(600_000);
    return { DATABASE_URL: url, DATABASE_REPLICA_URL: replica.replicaUrl(new URL(url).pathname.slice(1)) };
  };
  const reads = [scenarioNamed('student card'), scenarioNamed("student's diary")];
  const schools = Number(option('schools', '200'));
  const density = Number(option('density', '0.5'));
  const reuse = replica ? '' : option('region-db', '');
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    mode: replica ? 'region, one streaming replica' : 'region',
    machine: { cpus: os.cpus().length, memory_gb: Math.round(os.totalmem() / 2 ** 30) },
    load_average_at_start: os.loadavg().map((value) => Number(value.toFixed(2))),
    seconds_per_scenario: SECONDS,
  };
  const references = { health: new Map<number, number>(), pgbenchSelect: Number.NaN };
  const journal = [scenarioNamed('journal open'), scenarioNamed('cell save')];
  const staff = scenarioNamed('staff list');
  const reports = SCENARIOS.filter(
    (scenario) => scenario.seed === 'large' && scenario.name.includes('whole school'),
  );
  const levelsOf = (scenario: Scenario) => [scenario.target?.connections ?? 16];
  const rows: Row[] = [];
  /** The built server on database `url`, `scenarios` run against it, its rows added as `label`'s. */
  const measure = async (url: string, label: string, scenarios: Scenario[]) => {
    const server = await startServer(await serverEnv(url));
    try {
      rows.push(...(await runScenarios(server.base, label, scenarios, url, references, levelsOf)));
    } finally {
      await server.stop();
    }
  };

  // The region first (generated, or a kept one reused), so that one school and the region are
  // measured one right after the other, on the same machine in the same state.
  const region = reuse
    ? { name: reuse, url: withDatabase(serverUrl, reuse), drop: async () => undefined }
    : await scratchDatabase(serverUrl, 'region');
  try {
    if (!reuse) {
      const seedMs = await seedDatabase(region.url, 'demo');
      const figures: RegionFigures = await seedRegion(region.url, schools, density);
      result.region_seed = {
        demo_seed_ms: seedMs,
        ...figures,
        total_ms: seedMs + figures.copy_ms + figures.marks_ms + figures.analyze_ms,
        target: '< 600000 ms',
      };
      console.log(`region seed: ${JSON.stringify(result.region_seed)}`);
    } else result.region_restored = await restoreRegion(region.url);
    result.region_database = region.name;

    // One school: the region's source school as the region holds it (the demo seed and the term's
    // marks topped up alike), with no other school beside it.
    const one = await scratchDatabase(serverUrl, 'oneschool');
    try {
      await seedDatabase(one.url, 'demo');
      const alone = await seedRegion(one.url, 1, density);
      result.one_school_seed = { marks_ms: alone.marks_ms, counts: alone.counts };
      await measure(one.url, 'one school', [...journal, staff, ...reads, ...reports]);
    } finally {
      await one.drop();
    }

    await measure(region.url, 'region', [...journal, staff, ...reads, ...reports, ...REGISTRY_SCENARIOS]);
  } finally {
    if ((flag('keep') && !replica) || reuse) console.log(`the region database is kept: ${region.name}`);
    else await region.drop();
  }

  // Region against one school: p95 and req/s as ratios, against REGION_TARGETS.
  for (const row of rows.filter((item) => item.seed === 'region')) {
    const base = rows.find((item) => item.seed === 'one school' && item.scenario === row.scenario);
    if (!base || row.p95_ms === undefined || base.p95_ms === undefined) continue;
    const p95Ratio = Number((row.p95_ms / base.p95_ms).toFixed(2));
    const rateRatio = Number(((row.req_per_s ?? 0) / (base.req_per_s ?? 1)).toFixed(2));
    row.note = `vs one school: p95 ×${p95Ratio}, req/s ×${rateRatio}${row.note ? `; ${row.note}` : ''}`;
    const target = REGION_TARGETS.find((item) => row.scenario.startsWith(item.scenario));
    if (target && (replica || !target.replicaOnly)) {
      row.target = `p95 ≤ ${target.ratio} × one school`;
      row.meets_target = p95Ratio <= target.ratio;
    }
  }
  result.scenarios = rows;
  result.load_average_at_end = os.loadavg().map((value) => Number(value.toFixed(2)));
  result.total_s = Math.round((Date.now() - started) / 1000);
  console.table(
    rows.map((row) => ({
      scenario: row.scenario,
      seed: row.seed,
      conn: row.connections,
      'req/s': row.req_per_s,
      p50: row.p50_ms,
      p95: row.p95_ms,
      failed: row.failed,
      status: row.status,
      target: row.meets_target === undefined ? '' : row.meets_target ? 'да' : 'НЕТ',
      note: row.note ?? '',
    })),
  );
  const outDir = path.join(REPO_ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `region-${String(result.date).slice(0, 19).replace(/:/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${file} in ${result.total_s} s`);
}

/**
 * The seeded schools' own timetables through the API (issue 21's figures): the demo school and the
 * large seed's school of 70 classes, each on a fresh PostgreSQL database of its own.
 */
async function benchSeededSchools(serverUrl: string): Promise<Record<string, unknown>[]> {
  const seeds = Number(option('generator-seeds', '5'));
  const rows: Record<string, unknown>[] = [];
  for (const [size, school, targetSeconds] of [
    ['demo', 'демо: МБОУ СОШ №1', 10],
    ['large', 'большая: 70 классов', 60],
  ] as const) {
    const database = await scratchDatabase(serverUrl, `generator_${size}`);
    try {
      await seedDatabase(database.url, size);
      const server = await startServer({ DATABASE_URL: database.url });
      try {
        const target = { school, base: server.base, login: 'director', targetSeconds };
        rows.push(...(await benchSchoolGeneration([target], { seeds, seconds: targetSeconds })));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }
  return rows;
}

/** The archive section as rows of the main table: cell save quiet, during the build, quiet again. */
function archiveRows(seedLabel: string, figures: ArchiveLoadFigures): Row[] {
  const row = (scenario: string, load: LoadFigures, extra: Partial<Row> = {}): Row => ({
    scenario,
    seed: seedLabel,
    status: load.failed > 0 ? 'failed' : 'ok',
    ...load,
    ...extra,
  });
  const { ratio, archive } = figures;
  return [
    row('cell save, alone (before the archive)', figures.alone_before),
    row('cell save, while the whole school archive builds', figures.during, {
      target: 'p50, p95 ≤ 1.10 × alone, req/s ≥ 0.90 ×',
      meets_target:
        figures.within_10_percent && figures.archive_busy_whole_run && figures.archive_classes_during > 0,
      note: `vs alone: p50 ×${ratio.p50}, p95 ×${ratio.p95}, req/s ×${ratio.req_per_s}; load average ${figures.load_average.before} / ${figures.load_average.during} / ${figures.load_average.after}; архив: ${figures.archive_classes_during} классов за время замера (${figures.archive_classes_per_minute_during} в минуту)${figures.archive_busy_whole_run ? '' : ' (архив закончился раньше замера)'}`,
    }),
    row('cell save, alone (after the archive)', figures.alone_after),
    {
      scenario: 'whole school archive (POST /api/archive/builds → done)',
      seed: seedLabel,
      status: archive.status === 'done' ? 'ok' : 'failed',
      ms: archive.seconds * 1000,
      note: `${archive.classes} классов за ${archive.seconds} с (${archive.seconds_per_class} с на класс, ${archive.classes_per_minute} в минуту), ${archive.pages} стр., ${archive.megabytes} МБ; из них ${figures.seconds_per_run} с под нагрузкой сохранений`,
    },
  ];
}

/** The archive section on one seed: its own scratch database and server. */
async function archiveSection(serverUrl: string, size: 'demo' | 'large'): Promise<ArchiveLoadFigures> {
  // --archive-db NAME: an already seeded database (bench:seed NAME large), kept: no seed, no drop.
  const kept = option('archive-db', '');
  const database = kept
    ? { url: withDatabase(serverUrl, kept), drop: async () => undefined }
    : await scratchDatabase(serverUrl, `archive_${size}`);
  try {
    if (!kept) await seedDatabase(database.url, size);
    // --archive-in-process: the build in the API's process, as on PGlite (the figures to compare with).
    const server = await startServer({
      DATABASE_URL: database.url,
      ...(flag('archive-in-process') ? { PARTA_ARCHIVE_IN_PROCESS: '1' } : {}),
    });
    try {
      return await archiveUnderLoad(server.base, database.url, Math.max(SECONDS, 15));
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function archiveBench(serverUrl: string, result: Record<string, unknown>, rows: Row[]) {
  const sizes: ('demo' | 'large')[] = option('archive-db', '')
    ? ['large']
    : flag('no-large') || QUICK
      ? ['demo']
      : ['demo', 'large'];
  const figures: Record<string, ArchiveLoadFigures> = {};
  for (const size of sizes) {
    try {
      figures[size] = await archiveSection(serverUrl, size);
    } catch (error) {
      // The large seed's journal gave no editable cell to the scenario's users (seen on a run):
      // the section says so and the rest of the bench goes on.
      rows.push({
        scenario: 'cell save beside the archive',
        seed: size,
        status: 'failed',
        note: String(error),
      });
      continue;
    }
    rows.push(...archiveRows(size, figures[size]));
    console.log(`archive beside the journal, ${size}: ${JSON.stringify(figures[size])}`);
  }
  result.archive_under_load = figures;
}

function printTable(rows: Row[]) {
  console.table(
    rows.map((row) => ({
      scenario: row.scenario,
      seed: row.seed,
      conn: row.connections ?? '',
      'req/s': row.req_per_s ?? '',
      p50: row.p50_ms ?? '',
      p95: row.p95_ms ?? '',
      'p97.5': row.p97_5_ms ?? '',
      failed: row.failed ?? '',
      ms: row.ms ?? '',
      status: row.status,
      target: row.meets_target === undefined ? '' : row.meets_target ? 'да' : 'НЕТ',
    })),
  );
  for (const row of rows) if (row.note) console.log(`${row.scenario}, ${row.seed}: ${row.note}`);
}

/**
 * `--only`: the demo seed's scenarios named by ONLY on a fresh demo database, the health reference
 * first, so one change is measured before and after in the same conditions in a minute.
 */
async function onlyBench(serverUrl: string, result: Record<string, unknown>, rows: Row[]) {
  const references = { health: new Map<number, number>(), pgbenchSelect: Number.NaN };
  const scenarios = SCENARIOS.filter(
    (scenario) =>
      (scenario.seed ?? 'demo') === 'demo' &&
      (scenario.name.includes('(reference)') || ONLY.some((prefix) => scenario.name.startsWith(prefix))),
  );
  const against = option('against', '');
  const rounds = against ? Number(option('rounds', '3')) : 1;
  const demo = await scratchDatabase(serverUrl, 'demo');
  const servers: { label: string; url: string; server: Awaited<ReturnType<typeof startServer>> }[] = [];
  let againstDrop = async () => {};
  try {
    result.demo_seed_ms = await seedDatabase(demo.url, 'demo');
    servers.push({
      label: 'this checkout',
      url: demo.url,
      server: await startServer({ DATABASE_URL: demo.url }),
    });
    if (against) {
      const dir = path.resolve(against, existsSync(path.join(against, 'server')) ? 'server' : '.');
      // A checkout of other migrations gets a database of its own schema: the same seed, by its code.
      const journal = (folder: string) =>
        readFileSync(path.join(folder, 'drizzle/meta/_journal.json'), 'utf8');
      let url = demo.url;
      if (journal(dir) !== journal(SERVER_DIR)) {
        const name = `${demo.name}_against`;
        execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, 'bench/seed.ts'), name, 'demo'], {
          cwd: dir,
          env: { ...process.env, DATABASE_URL: serverUrl },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        url = withDatabase(serverUrl, name);
        againstDrop = () => dropDatabase(serverUrl, name);
        result.against_database = 'its own (other migrations)';
      }
      servers.push({ label: dir, url, server: await startServer({ DATABASE_URL: url }, dir) });
      result.against = dir;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Round by round, each scenario on one server then the other: both meet the same machine.
    for (const scenario of scenarios)
      for (let round = 0; round < rounds; round += 1)
        for (const { label, url, server } of servers) {
          // Each server's cells are looked up (and counted saved) in its own database.
          const [row, ...more] = await runScenarios(server.base, 'demo', [scenario], url, references);
          for (const item of [row, ...more]) rows.push(against ? { ...item, seed: `demo, ${label}` } : item);
        }
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
    await demo.drop();
    await againstDrop();
  }
}

async function main() {
  const started = Date.now();
  const serverUrl = process.env.DATABASE_URL;
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    mode: QUICK ? 'quick' : 'full',
    machine: { cpus: os.cpus().length, memory_gb: Math.round(os.totalmem() / 2 ** 30) },
    seconds_per_level: SECONDS,
    connection_levels: LEVELS,
  };
  const rows: Row[] = [];

  if (flag('archive-only')) {
    if (!serverUrl) throw new Error('--archive-only: задайте DATABASE_URL=postgres://…');
    await archiveBench(serverUrl, result, rows);
    result.scenarios = rows;
    printTable(rows);
    writeResult(result, started);
    return;
  }

  if (ONLY.length > 0) {
    if (!serverUrl) throw new Error('--only: задайте DATABASE_URL=postgres://…');
    await onlyBench(serverUrl, result, rows);
    result.scenarios = rows;
    printTable(rows);
    writeResult(result, started);
    return;
  }

  if (option('size', '') === 'region') {
    if (!serverUrl)
      throw new Error('--size region: задайте DATABASE_URL=postgres://… (регион строится в PostgreSQL)');
    await regionBench(serverUrl);
    return;
  }

  // First, on a quiet machine: the first start competes with nothing this bench starts.
  if (flag('first-start') || (!QUICK && !flag('no-first-start') && !flag('generator-only'))) {
    result.first_start = await measureFirstStart(REPO_ROOT);
    console.log(`first start: ${JSON.stringify(result.first_start)}`);
    if (flag('first-start')) return;
  }

  if (flag('generator') || flag('generator-only')) {
    // The solver takes both cores: it runs before the load scenarios, never beside them.
    const generator = await benchGenerator({
      seconds: Number(option('generator-seconds', '60')),
      seeds: Number(option('generator-seeds', '5')),
    });
    result.generator = generator;
    console.table(generator);
    if (flag('generator-hard')) {
      result.generator_hard = await benchGenerator({
        seconds: 240,
        seeds: Number(option('generator-seeds', '5')),
        // --generator-hard-file NAME: only the difficult examples whose file name holds NAME.
        files: HARD_FILES.filter((f) => path.basename(f).includes(option('generator-hard-file', ''))),
        improveSeconds: HARD_IMPROVE_SECONDS,
      });
      console.table(result.generator_hard);
    }
    if (serverUrl) {
      result.generator_schools = await benchSeededSchools(serverUrl);
      console.table(result.generator_schools);
    }
    if (flag('generator-only')) {
      writeResult(result, started);
      return;
    }
  }

  if (!serverUrl) {
    console.warn(
      'DATABASE_URL не задан: нагрузочные сценарии, pgbench и память на PostgreSQL пропущены; ' +
        'измеряются только память сервера на PGlite и фронтенд. Задайте DATABASE_URL=postgres://… для полного замера.',
    );
  } else {
    const references = { health: new Map<number, number>(), pgbenchSelect: Number.NaN };
    const pgbench = await pgbenchReference(serverUrl, SECONDS, 16);
    references.pgbenchSelect = pgbench.select_only_tps;
    result.pgbench_16_connections = pgbench;

    const demo = await scratchDatabase(serverUrl, 'demo');
    try {
      result.demo_seed_ms = await seedDatabase(demo.url, 'demo');
      const server = await startServer({ DATABASE_URL: demo.url });
      try {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const atRest = rssMb(server.pid);
        const scenarios = SCENARIOS.filter((s) => (s.seed ?? 'demo') === 'demo' && (!QUICK || s.quick));
        const { result: demoRows, peakMb } = await peakRssDuring(server.pid, () =>
          runScenarios(server.base, 'demo', scenarios, demo.url, references),
        );
        rows.push(...demoRows);
        result.postgres_memory = { rss_at_rest_mb: atRest, rss_under_load_mb: peakMb };
      } finally {
        await server.stop();
      }
    } finally {
      await demo.drop();
    }

    const largeScenarios = SCENARIOS.filter((s) => s.seed === 'large' && (!QUICK || s.quick));
    if (!flag('no-large') && !QUICK) {
      const large = await scratchDatabase(serverUrl, 'large');
      try {
        const ms = await seedDatabase(large.url, 'large');
        result.large_seed = { ms, target: '< 180000 ms', ...(await seedCounts(large.url)) };
        if (largeScenarios.length > 0) {
          const server = await startServer({ DATABASE_URL: large.url });
          try {
            rows.push(...(await runScenarios(server.base, 'large', largeScenarios, large.url, references)));
          } finally {
            await server.stop();
          }
        }
      } finally {
        await large.drop();
      }
    }
    if (!flag('no-archive')) await archiveBench(serverUrl, result, rows);
  }

  result.pglite_memory = await pgliteMemory();
  if (!flag('no-frontend')) {
    const figures = frontEnd();
    result.front_end = figures;
    rows.push(...frontEndRows(figures));
    const lighthouse = readLighthouse();
    result.lighthouse = lighthouse;
    rows.push(...lighthouseRows(lighthouse?.pages ?? []));
    if (lighthouse) console.log(`Lighthouse session: ${lighthouse.session}`);
  }
  result.scenarios = rows;
  result.total_s = Math.round((Date.now() - started) / 1000);

  console.table(
    rows
      .map(
        ({
          scenario,
          seed,
          connections,
          req_per_s,
          p50_ms,
          p95_ms,
          p97_5_ms,
          failed,
          vs_health,
          vs_pgbench,
          status,
          meets_target,
          kb,
          ms,
        }) => ({
          scenario,
          seed,
          conn: connections,
          'req/s': req_per_s,
          p50: p50_ms,
          p95: p95_ms,
          'p97.5': p97_5_ms,
          failed,
          'vs health': vs_health,
          'vs pgbench': vs_pgbench,
          KB: kb,
          ms,
          status,
          target: meets_target === undefined ? '' : meets_target ? 'да' : 'НЕТ',
        }),
      )
      .map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value ?? '']))),
  );
  for (const row of rows) if (row.verified) console.log(`${row.scenario}, ${row.seed}: ${row.note}`);
  console.log(
    JSON.stringify(
      {
        pgbench: result.pgbench_16_connections,
        postgres_memory: result.postgres_memory,
        pglite_memory: result.pglite_memory,
        demo_seed_ms: result.demo_seed_ms,
        large_seed: result.large_seed,
      },
      null,
      2,
    ),
  );
  writeResult(result, started);
}

/** bench-results/<date>.json. */
function writeResult(result: Record<string, unknown>, started: number) {
  result.total_s = Math.round((Date.now() - started) / 1000);
  const outDir = path.join(REPO_ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${String(result.date).slice(0, 19).replace(/:/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${file} in ${result.total_s} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
