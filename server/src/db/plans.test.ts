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

  it('keeps one plan of the student card however many classes the database holds', async () => {
    // A region's worth of classes in another school. The card's class-teacher rule («only classes
    // they lead») once sat in the statement as «managerId is null or class in (…)»: its generic plan
    // then costs a scan of every class, PostgreSQL judged the plan with the values cheaper and planned
    // the card anew on every call (0.4 ms, ten times its run, at 1,000 schools).
    await app.db.execute(sql`
      with school as (
        insert into organizations (name, short_name) values ('Школа региона', 'Школа региона') returning id
      )
      insert into classes (organization_id, number, letter, academic_year)
      select school.id, 1 + g % 11, 'К' || g, '2026/2027' from school, generate_series(1, 20000) g`);
    await app.db.execute(sql`analyze classes`);
    const list = await call(app, token, 'GET', '/api/students?per_page=1');
    const id = list.json().data[0].id as number;
    for (let run = 0; run < 12; run += 1) {
      const card = await call(app, token, 'GET', `/api/students/${id}`);
      expect(card.statusCode).toBe(200);
      expect(card.json().data.id).toBe(id);
    }
    const [card] = await rowsOf<{ generic_plans: number; custom_plans: number }>(
      app.db,
      sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name = 'student_card_scoped'`,
    );
    // Five plans with the values, as PostgreSQL always begins, then the generic one kept.
    expect(card.custom_plans).toBeLessThanOrEqual(5);
    expect(card.generic_plans).toBeGreaterThan(0);
  });
});
