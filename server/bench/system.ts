/**
 * What the benchmark runs against: scratch PostgreSQL databases, the server as its own process (as
 * production runs it), its memory, and pgbench for the machine's own limits in the same run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/seed';

export const SERVER_DIR = path.resolve(__dirname, '..');

export function withDatabase(serverUrl: string, name: string): string {
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function run(serverUrl: string, statement: string) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops a database of the bench's (a kept one is never passed here). */
export async function dropDatabase(serverUrl: string, name: string) {
  await run(serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
}

/** A scratch database on the server of DATABASE_URL, dropped by `drop()`. */
export async function scratchDatabase(serverUrl: string, label: string) {
  const name = `parta_bench_${label}_${process.pid}_${Date.now().toString(36)}`;
  await run(serverUrl, `create database ${name}`);
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () => run(serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined),
  };
}

/**
 * Migrates and seeds a database; answers how long the seed took. Then VACUUM ANALYZE (not counted):
 * the measured server meets a settled database, as a school's would be after autovacuum ran —
 * fresh planner statistics and the visibility map that index-only scans over the grades need.
 */
export async function seedDatabase(url: string, size: 'demo' | 'large'): Promise<number> {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    await handle.migrate();
    const started = Date.now();
    await seed(handle.db, { size });
    const ms = Date.now() - started;
    await handle.db.execute(sql`vacuum analyze`);
    return ms;
  } finally {
    await handle.close();
  }
}

/** What the large seed built in its large school (МБОУ СОШ №1) and in all, for the bench JSON. */
export async function seedCounts(url: string): Promise<Record<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`
      with school as (select id from organizations where short_name = 'МБОУ СОШ №1')
      select
        (select count(*) from students where organization_id = (table school) and status = 'active') as students,
        (select count(*) from classes where organization_id = (table school)) as classes,
        (select count(distinct ur.user_id) from user_roles ur join roles r on r.id = ur.role_id
          where ur.organization_id = (table school) and r.code = 'teacher') as teachers,
        (select count(*) from lessons where organization_id = (table school)) as lessons,
        (select min(date)::text || ' … ' || max(date)::text from lessons where organization_id = (table school)) as lesson_dates,
        (select count(*) from marks where organization_id = (table school)) as grades,
        (select count(*) from attendance where organization_id = (table school)) as attendance,
        (select count(*) from final_marks where organization_id = (table school)) as final_marks,
        (select count(*) from ktp_plans where organization_id = (table school)) as ktp_plans,
        (select count(*) from ktp_items where organization_id = (table school)) as ktp_items,
        (select count(*) from lessons where organization_id = (table school) and ktp_item_id is not null) as lessons_from_ktp,
        (select count(*) from marks) as grades_all_schools`);
    return Object.fromEntries(
      Object.entries(rows[0]).map(([key, value]) => [
        key,
        /^\d+$/.test(String(value)) ? Number(value) : value,
      ]),
    ) as Record<string, number>;
  } finally {
    await client.end();
  }
}

export interface RunningServer {
  base: string;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts src/server.ts in its own Node process (tsx as a loader, so the PID is the server itself and
 * its memory is the server's) and waits for /api/health.
 */
export async function startServer(
  env: Record<string, string>,
  serverDir = SERVER_DIR,
  /** Node's own options before the script (e.g. --cpu-prof to profile the server under load). */
  execArgv: string[] = [],
): Promise<RunningServer> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(
    process.execPath,
    [...execArgv, '--import', 'tsx', path.join(serverDir, 'src/server.ts')],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health in 3 minutes');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    pid: child.pid!,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

/** Samples the peak RSS of a process while `task` runs. */
export async function peakRssDuring<T>(
  pid: number,
  task: () => Promise<T>,
): Promise<{ result: T; peakMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process ended
    }
  }, 200);
  try {
    const result = await task();
    return { result, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

/** pgbench on its own scratch database: select-only and simple-update transactions per second. */
export async function pgbenchReference(serverUrl: string, seconds: number, connections: number) {
  const scratch = await scratchDatabase(serverUrl, 'pgbench');
  const url = new URL(serverUrl);
  const common = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  try {
    execFileSync('pgbench', [...common, '-i', '-q', '-s', '10', scratch.name], { stdio: 'ignore' });
    const tps = (mode: string[]) => {
      const output = execFileSync(
        'pgbench',
        [...common, ...mode, '-c', String(connections), '-j', '2', '-T', String(seconds), scratch.name],
        { encoding: 'utf8' },
      );
      const match = /tps = ([\d.]+)/.exec(output);
      return match ? Math.round(Number(match[1])) : Number.NaN;
    };
    return { select_only_tps: tps(['-S']), simple_update_tps: tps(['-N']) };
  } finally {
    await scratch.drop();
  }
}
