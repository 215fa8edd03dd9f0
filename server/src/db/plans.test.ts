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
    // …but not the report's rows nor its count of pupils at the minimum: planned with their values on every run.
    expect(prepared.filter((row) => /with (held|lines) as/.test(row.statement))).toEqual([]);
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
      sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name = 'student_card_in2'`,
    );
    // Five plans with the values, as PostgreSQL always begins, then the generic one kept.
    expect(card.custom_plans).toBeLessThanOrEqual(5);
    expect(card.generic_plans).toBeGreaterThan(0);
  });
  it('keeps one plan of the staff list, searched or not, beside a region of staff', async () => {
    // A region's users: 1,000 schools of 30 staff and 300 parents. The staff list's generic plan once
    // expected ten schools' users of any kind where one school's staff come («organization_id =
    // any($)» counts an unseen array as ten values; «kind = $1» counts a third of all users), so
    // PostgreSQL planned the list anew on every call (0.45 ms for a 0.96 ms run at 1,000 schools).
    await app.db.execute(sql`
      with schools as (
        insert into organizations (name, short_name)
        select 'Школа региона ' || g, 'Школа ' || g from generate_series(1, 1000) g returning id
      )
      insert into users (organization_id, kind, surname, name, login, password_hash, active)
      select schools.id, case when g <= 30 then 'staff' else 'parent' end, 'Фамилия' || g, 'Имя',
             'region_' || schools.id || '_' || g, 'x', true
        from schools, generate_series(1, 330) g`);
    await app.db.execute(sql`analyze users`);
    await app.db.execute(sql`analyze organizations`);
    const urls = ['/api/users?per_page=20', '/api/users?per_page=20&search=%D0%B0'];
    const first = await Promise.all(urls.map((url) => call(app, token, 'GET', url)));
    for (const answer of first) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.length).toBeGreaterThan(0);
    }
    for (let run = 0; run < 12; run += 1) {
      for (const [index, url] of urls.entries()) {
        const again = await call(app, token, 'GET', url);
        expect(again.json()).toEqual(first[index].json());
      }
    }
    const lists = await rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(
      app.db,
      sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements
           where name like 'users_page_%' order by name`,
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      expect({ name: list.name, planned: list.custom_plans <= 5 && list.generic_plans > 0 }).toEqual({
        name: list.name,
        planned: true,
      });
    }
  });
});
