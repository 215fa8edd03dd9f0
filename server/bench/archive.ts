/**
 * Times the year's archive of a whole school on an already seeded database, and the journal's
 * answer times before and while it builds (the archive must not slow the journal for others):
 *   DATABASE_URL=postgres://…/<seeded database> pnpm --filter server exec tsx bench/archive.ts [login]
 * The database is changed (archive rows are added); seed a scratch one with bench:seed first.
 */
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/seed';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: a seeded database');
  const login = process.argv[2] ?? 'director';
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  const app = await buildApp({ database, closeDatabase: true });
  await app.ready();
  try {
    const auth = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login, password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${auth.json().data.token}` };
    const get = (path: string) => app.inject({ method: 'GET', url: path, headers });
    const periods = (await get('/api/periods')).json().data as { id: number; kind: string }[];
    const year = periods.find((period) => period.kind === 'year')!;
    const loads = (await get('/api/journal')).json().data.loads as { id: number; group_id: number }[];
    const journalTimes = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const load = loads[(i * 7) % loads.length];
        const started = performance.now();
        await get(`/api/journal/${load.group_id}/${load.id}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return {
        median_ms: Math.round(times[Math.floor(times.length / 2)]),
        p95_ms: Math.round(times[Math.floor(times.length * 0.95)]),
      };
    };
    const before = await journalTimes(40);
    const started = Date.now();
    const build = await app.inject({
      method: 'POST',
      url: '/api/archive/builds',
      headers,
      payload: { period_id: year.id },
    });
    if (build.statusCode !== 202) throw new Error(build.body);
    const id = build.json().data.id as number;
    const during: number[] = [];
    let state = build.json().data;
    while (state.status === 'queued' || state.status === 'running') {
      const sample = await journalTimes(5);
      during.push(sample.median_ms);
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = (await get(`/api/archive/builds/${id}`)).json().data;
    }
    const seconds = (Date.now() - started) / 1000;
    const register = (await get(`/api/archive?period_id=${year.id}`)).json().data.files as {
      build_id: number;
      size: number;
      pages: number;
    }[];
    const files = register.filter((file) => file.build_id === id);
    during.sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          status: state.status,
          classes: state.total,
          seconds: Math.round(seconds),
          seconds_per_class: Number((seconds / state.total).toFixed(2)),
          megabytes: Number((files.reduce((sum, file) => sum + file.size, 0) / 1024 / 1024).toFixed(1)),
          pages: files.reduce((sum, file) => sum + file.pages, 0),
          journal_before: before,
          journal_during_median_ms: during[Math.floor(during.length / 2)],
        },
        null,
        2,
      ),
    );
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
