/**
 * API benchmark: a fresh in-memory PGlite with the large seed (~2,000 students), then N sequential
 * requests per route through app.inject. Prints a table and writes bench-results/server.json.
 * Usage: pnpm --filter server bench [-- --requests 300]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seed } from '../src/seed';

interface RouteCase {
  name: string;
  method: 'GET' | 'POST';
  url: (i: number) => string;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function main() {
  const argIndex = process.argv.indexOf('--requests');
  const requests = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 300;
  const startedAt = performance.now();

  const database = await openDatabase({});
  await database.migrate();
  const seedStarted = performance.now();
  await seed(database.db, { size: 'large' });
  const seedMs = performance.now() - seedStarted;
  const app = await buildApp({ database, closeDatabase: true });
  await app.ready();

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: 'director', password: DEMO_PASSWORD },
  });
  const token = login.json().data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const searches = ['иван', 'ова', 'smirn', 'teacher', 'ель'];
  const groupIds: number[] = (await app.inject({ method: 'GET', url: '/api/group', headers }))
    .json()
    .data.groups.map((group: { id: number }) => group.id);
  const studentIds: number[] = (
    await app.inject({ method: 'GET', url: '/api/students?per_page=100', headers })
  )
    .json()
    .data.map((student: { id: number }) => student.id);
  const studentSearches = ['иван', 'ова', 'мар', 'алекс', 'ев'];

  const cases: RouteCase[] = [
    { name: 'POST /api/auth/me', method: 'POST', url: () => '/api/auth/me' },
    { name: 'GET /api/users', method: 'GET', url: (i) => `/api/users?page=${(i % 5) + 1}` },
    {
      name: 'GET /api/users?search',
      method: 'GET',
      url: (i) => `/api/users?search=${encodeURIComponent(searches[i % searches.length])}`,
    },
    { name: 'GET /api/students', method: 'GET', url: (i) => `/api/students?page=${(i % 40) + 1}` },
    {
      name: 'GET /api/students?search',
      method: 'GET',
      url: (i) => `/api/students?search=${encodeURIComponent(studentSearches[i % studentSearches.length])}`,
    },
    {
      name: 'GET /api/students?group_id',
      method: 'GET',
      url: (i) => `/api/students?group_id=${groupIds[i % groupIds.length]}`,
    },
    {
      name: 'GET /api/students/{id}',
      method: 'GET',
      url: (i) => `/api/students/${studentIds[i % studentIds.length]}`,
    },
    {
      name: 'GET /api/students/parents?search',
      method: 'GET',
      url: (i) =>
        `/api/students/parents?search=${encodeURIComponent(studentSearches[i % studentSearches.length])}`,
    },
    { name: 'GET /api/group', method: 'GET', url: () => '/api/group' },
  ];

  const rows: { route: string; requests: number; p50_ms: number; p95_ms: number; req_per_s: number }[] = [];
  for (const routeCase of cases) {
    for (let i = 0; i < 20; i++)
      await app.inject({ method: routeCase.method, url: routeCase.url(i), headers });
    const timings: number[] = [];
    const caseStarted = performance.now();
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const response = await app.inject({ method: routeCase.method, url: routeCase.url(i), headers });
      timings.push(performance.now() - t0);
      if (response.statusCode !== 200)
        throw new Error(`${routeCase.name}: ${response.statusCode} ${response.body}`);
    }
    const elapsed = (performance.now() - caseStarted) / 1000;
    timings.sort((a, b) => a - b);
    rows.push({
      route: routeCase.name,
      requests,
      p50_ms: Number(percentile(timings, 50).toFixed(2)),
      p95_ms: Number(percentile(timings, 95).toFixed(2)),
      req_per_s: Number((requests / elapsed).toFixed(1)),
    });
  }
  await app.close();

  const result = {
    date: new Date().toISOString(),
    database: 'pglite (in memory)',
    seed: 'large',
    seed_ms: Math.round(seedMs),
    total_ms: Math.round(performance.now() - startedAt),
    routes: rows,
  };
  console.table(rows);
  console.log(`seed (large): ${result.seed_ms} ms, total: ${result.total_ms} ms`);
  const outDir = path.resolve(__dirname, '../../bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'server.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${path.join(outDir, 'server.json')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
