/**
 * The API as users meet it: the server started as its own process on PostgreSQL (DATABASE_URL) with
 * the large seed, driven over HTTP by autocannon at 16 concurrent connections, beside the machine's
 * own limits measured in the same run (pgbench select-only on the same PostgreSQL server, and the
 * server's /api/health). Prints a table and writes bench-results/http-<date>.json.
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter server bench:http
 *        [-- --duration 10 --connections 16 --server-dir ../other-checkout/server (compare a build: its
 *        src/server.ts runs on the same seeded database)]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seed } from '../src/seed';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const DURATION_S = Number(option('duration', '10'));
/** Concurrent connections per pass: one user alone, a school at 8:00, a busy district. */
const CONNECTION_LEVELS = option('connections', '1,16').split(',').map(Number);
const PGBENCH_CONNECTIONS = 16;

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin(url: string, statement: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** pgbench select-only on its own scratch database of the same server: the reads/s ceiling. */
function pgbenchSelectOnly(serverUrl: string, database: string): number {
  const url = new URL(serverUrl);
  const common = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  execFileSync('pgbench', [...common, '-i', '-q', '-s', '10', database], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    [...common, '-S', '-c', String(PGBENCH_CONNECTIONS), '-j', '2', '-T', String(DURATION_S), database],
    { encoding: 'utf8' },
  );
  const match = /tps = ([\d.]+)/.exec(output);
  return match ? Number(match[1]) : Number.NaN;
}

async function waitForHealth(base: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health');
}

interface Scenario {
  name: string;
  /** Requests the connections cycle through. */
  requests: { method: 'GET' | 'POST'; path: string }[];
}

async function load(base: string, token: string | null, scenario: Scenario, connections: number) {
  const result = await autocannon({
    url: base,
    connections,
    duration: DURATION_S,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    requests: scenario.requests,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    scenario: scenario.name,
    connections,
    req_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p97_5_ms: result.latency.p97_5,
    p99_ms: result.latency.p99,
    failed,
  };
}

// ---------------------------------------------------------------- reports (issue 12)

/**
 * Reports read final marks and the journal: when the seed has none yet (the journal's seed step
 * adds them), give every student a final mark per subject of I четверть and a grade on every third
 * held lesson of September–October, deterministic, so the reports work on a realistic volume.
 */
async function fillReportData(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const [{ count }] = (await client.query('select count(*)::int as count from final_marks')).rows;
  if (count === 0) {
    await client.query(`
      insert into final_marks (organization_id, student_id, subject_id, period_id, value)
      select distinct on (s.id, l.subject_id, p.id) s.organization_id, s.id, l.subject_id, p.id,
        (array['5','4','4','3','3','4','5','2','Н/А','4'])[1 + (s.id * 7 + l.subject_id * 3) % 10]
      from students s
      join classes c on c.id = s.class_id
      join loads l on l.class_id = c.id
      join periods p on p.organization_id = s.organization_id and p.name = 'I четверть' and c.number = any(p.grades)
      where s.status = 'active'`);
  }
  const [{ marks }] = (await client.query('select count(*)::int as marks from marks')).rows;
  if (marks === 0) {
    await client.query(`
      insert into marks (organization_id, lesson_id, student_id, value)
      select l.organization_id, l.id, s.id, (array['5','4','3','4','5'])[1 + (s.id + l.id) % 5]
      from lessons l
      join students s on s.class_id = l.class_id and s.status = 'active'
      where l.date between '2026-09-01' and '2026-10-24' and l.subgroup_id is null and (l.id + s.id) % 3 = 0`);
  }
  await client.query('analyze');
  await client.end();
}

/** The three reports over the whole school (director), each for I четверть. */
async function reportScenarios(get: (url: string) => Promise<{ data: unknown }>): Promise<Scenario[]> {
  const periods = (await get('/api/periods')).data as { id: number; name: string }[];
  const quarter = periods.find((period) => period.name === 'I четверть');
  if (!quarter) return [];
  return [
    {
      name: 'GET /api/reports/classification (school)',
      requests: [{ method: 'GET', path: `/api/reports/classification?period_id=${quarter.id}` }],
    },
    {
      name: 'GET /api/reports/academic-performance (school)',
      requests: [{ method: 'GET', path: `/api/reports/academic-performance?period_id=${quarter.id}` }],
    },
    {
      name: 'GET /api/reports/journal-completion (school, quarter)',
      requests: [{ method: 'GET', path: '/api/reports/journal-completion?from=2026-09-01&to=2026-10-24' }],
    },
  ];
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const givenUrl = option('url', '');
  const serverDir = path.resolve(option('server-dir', path.join(__dirname, '..')));
  if (!serverUrl) {
    console.error(
      'DATABASE_URL не задан: нагрузочные замеры идут только на PostgreSQL (задайте DATABASE_URL=postgres://…).',
    );
    process.exit(2);
  }
  const stamp = `${process.pid}_${Date.now().toString(36)}`;
  const database = `parta_bench_${stamp}`;
  const pgbenchDatabase = `parta_pgbench_${stamp}`;
  let server: ChildProcess | undefined;
  let base = givenUrl;
  const started = Date.now();
  try {
    if (!base) {
      await admin(serverUrl, `create database ${database}`);
      const handle = await openDatabase({ databaseUrl: withDatabase(serverUrl, database) });
      await handle.migrate();
      const seedStarted = Date.now();
      await seed(handle.db, { size: 'large' });
      console.log(`large seed: ${Date.now() - seedStarted} ms`);
      await handle.close();
      await fillReportData(withDatabase(serverUrl, database));
      const port = 3900 + (process.pid % 90);
      base = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(serverDir, 'src/server.ts')], {
        cwd: serverDir,
        env: {
          ...process.env,
          PORT: String(port),
          DATABASE_URL: withDatabase(serverUrl, database),
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(base, server);
    }

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'director', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const get = async (url: string) =>
      (await (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { id: number }[];
      };

    const studentIds = (await get('/api/students?per_page=100')).data.map((student) => student.id);
    const userIds = (await get('/api/users?per_page=100')).data.map((user) => user.id);

    const scenarios: Scenario[] = [
      { name: 'GET /api/health (reference)', requests: [{ method: 'GET', path: '/api/health' }] },
      { name: 'POST /api/auth/me', requests: [{ method: 'POST', path: '/api/auth/me' }] },
      {
        name: 'GET /api/users (staff list)',
        requests: [1, 2, 3, 4, 5].map((page) => ({
          method: 'GET' as const,
          path: `/api/users?page=${page}`,
        })),
      },
      {
        name: 'GET /api/users?search',
        requests: ['иван', 'ова', 'smirn', 'ель'].map((search) => ({
          method: 'GET' as const,
          path: `/api/users?search=${encodeURIComponent(search)}`,
        })),
      },
      {
        name: 'GET /api/users/{id}',
        requests: userIds.slice(0, 50).map((id) => ({ method: 'GET' as const, path: `/api/users/${id}` })),
      },
      {
        name: 'GET /api/students/{id} (card)',
        requests: studentIds
          .slice(0, 50)
          .map((id) => ({ method: 'GET' as const, path: `/api/students/${id}` })),
      },
      { name: 'GET /api/group', requests: [{ method: 'GET', path: '/api/group' }] },
    ];

    scenarios.push(...(await reportScenarios(get)));

    const rows = [];
    for (const connections of CONNECTION_LEVELS) {
      for (const scenario of scenarios) rows.push(await load(base, token, scenario, connections));
    }
    const healthAt = new Map(
      rows.filter((row) => row.scenario === scenarios[0].name).map((row) => [row.connections, row.req_per_s]),
    );
    let pgbench = Number.NaN;
    try {
      await admin(serverUrl, `create database ${pgbenchDatabase}`);
      pgbench = pgbenchSelectOnly(serverUrl, pgbenchDatabase);
    } catch (error) {
      console.warn(`pgbench не запустился: ${(error as Error).message}`);
    }
    const table = rows.map((row) => ({
      ...row,
      vs_health: Number((row.req_per_s / (healthAt.get(row.connections) ?? Number.NaN)).toFixed(3)),
      vs_pgbench_select: Number((row.req_per_s / pgbench).toFixed(3)),
    }));
    console.table(table);
    console.log(`pgbench select-only (${PGBENCH_CONNECTIONS} connections): ${Math.round(pgbench)} tps`);
    const result = {
      date: new Date().toISOString(),
      database: 'postgresql',
      seed: givenUrl ? 'as running' : 'large',
      connection_levels: CONNECTION_LEVELS,
      pgbench_connections: PGBENCH_CONNECTIONS,
      duration_s: DURATION_S,
      pgbench_select_only_tps: Math.round(pgbench),
      scenarios: table,
      total_ms: Date.now() - started,
    };
    const outDir = path.resolve(__dirname, '../../bench-results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `http-${result.date.slice(0, 10)}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written ${file}`);
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((resolve) => server?.once('exit', resolve));
    if (!givenUrl)
      await admin(serverUrl, `drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin(serverUrl, `drop database if exists ${pgbenchDatabase} with (force)`).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
