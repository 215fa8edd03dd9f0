import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, TEST_DATABASE } from '../../test/helpers';
import { rowsOf } from './rows';

/**
 * PostgreSQL keeps the API's data statements prepared on each connection (client.ts) and, after five
 * runs of one, may plan it once without its values — the generic plan. The journal completion
 * report's count of pupils with enough marks must never run that way (4.5–6 s instead of 0.1–0.3 s on
 * a school with a term of marks): it is marked PLANNED_WITH_VALUES (plans.ts), sent unnamed and so
 * planned with its values every time. Checked on the one connection the API has here, through
 * `pg_prepared_statements`: the small statements are kept prepared, the report's count is not.
 * PGlite has no prepared statements of ours to look at; behind PgBouncer nothing is kept prepared.
 */
const onPostgres = TEST_DATABASE === 'postgres';

let app: FastifyInstance;
let token: string;
const poolMax = process.env.PG_POOL_MAX;

beforeAll(async () => {
  // One connection: every request of this file and the look at its prepared statements share it.
  process.env.PG_POOL_MAX = '1';
  app = await createTestApp();
  token = await loginAs(app, 'director');
});

afterAll(async () => {
  await app.close();
  if (poolMax === undefined) delete process.env.PG_POOL_MAX;
  else process.env.PG_POOL_MAX = poolMax;
});

(onPostgres ? describe : describe.skip)('statements planned with their values', () => {
  it('runs the completion report past five times without keeping its count of pupils prepared', async () => {
    const url = '/api/reports/journal-completion?from=2026-09-01&to=2026-10-24';
    const first = await call(app, token, 'GET', url);
    expect(first.statusCode).toBe(200);
    for (let run = 0; run < 7; run += 1) {
      const again = await call(app, token, 'GET', url);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    const prepared = await rowsOf<{ statement: string; generic_plans: number }>(
      app.db,
      sql`select statement, generic_plans::int from pg_prepared_statements`,
    );
    // The session lookup and the report's other statements are prepared, as every data statement is…
    expect(prepared.some((row) => /\bfrom "lessons"/.test(row.statement))).toBe(true);
    // …but not the count of pupils at the minimum: it is planned with its values on every run.
    expect(prepared.filter((row) => /with held as/.test(row.statement))).toEqual([]);
  });
});
