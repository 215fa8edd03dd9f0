import { ROLE_DEFINITIONS } from '@parta/shared/domain/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, loginWithOneTimePassword, TEST_DATABASE } from '../test/helpers';
import {
  asUrlText,
  fillPath,
  HOSTILE_FILES,
  HOSTILE_VALUES,
  LEAK_PATTERN,
  multipartBody,
  type Operation,
  readOperations,
  sampleValue,
} from '../test/openapi-walk';
import { ARCHIVE_JOB } from './modules/archive/archive.repository';
import { IMPORT_JOB } from './modules/imports/imports.service';
import { GENERATION_JOB } from './modules/timetable-generator/generator.service';

/**
 * The whole API surface, walked from its own OpenAPI document (new routes are covered without
 * editing this file): hostile input never answers 5xx or leaks internals; students and parents are
 * refused every staff route; another school's ids are not found.
 */

let app: FastifyInstance;
let operations: Operation[];

beforeAll(async () => {
  // The walk checks answers, not background work: a hostile value that happens to be a valid request
  // queues a generation, an archive build or an import, which this app's queue keeps without running (a whole
  // school's archive or a solver search would only slow the walk).
  app = await createTestApp({
    queue: { concurrency: { [GENERATION_JOB]: 0, [ARCHIVE_JOB]: 0, [IMPORT_JOB]: 0 } },
  });
  operations = await readOperations(app);
});
afterAll(async () => {
  await app.close();
});

type Method = Operation['method'];

function expectSafe(response: { statusCode: number; body: string }, label: string) {
  if (response.statusCode >= 500 || LEAK_PATTERN.test(response.body)) {
    throw new Error(`${label} → ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
}

/**
 * The hostile walk (thousands of requests) runs once a CI run: on PostgreSQL when the run has it, else
 * on PGlite. What it checks is the validation layer and PostgreSQL's own parsing of what gets through,
 * and PGlite is that same PostgreSQL built to WebAssembly: a second walk there doubled the suite's
 * time for no other answer. The role and another-school walks below run on both.
 */
const walkHere = TEST_DATABASE === 'postgres' || !process.env.DATABASE_URL;

(walkHere ? describe : describe.skip)('hostile input on every route of /api/docs/json', () => {
  let token: string;

  beforeAll(async () => {
    // A second platform administrator walks the API, so a reset or deactivation of user 1 (a
    // baseline id) cannot end the walker's own session halfway.
    const admin = await loginAs(app, 'admin');
    const roles = (await call(app, admin, 'GET', '/api/roles')).json() as { id: number; code: string }[];
    const platformRole = roles.find((role) => role.code === 'platform_admin')!;
    const me = (await call(app, admin, 'POST', '/api/auth/me')).json().data;
    const created = await call(app, admin, 'POST', '/api/users', {
      surname: 'Обходчик',
      name: 'Тест',
      login: 'walker.admin',
      password: 'walker-password-1',
      organization_id: me.organization.id,
      role_ids: [platformRole.id],
    });
    expect(created.statusCode).toBe(201);
    token = await loginWithOneTimePassword(app, 'walker.admin', 'walker-password-1');
  });

  it('finds the routes to walk in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(25);
    expect(operations.every((operation) => operation.permission)).toBe(true);
  });

  it('answers every hostile path, query and body value without 5xx or internals', async () => {
    let requests = 0;
    for (const operation of operations) {
      const pathValues = Object.fromEntries(operation.pathParams.map((param) => [param.name, '1']));
      const baseQuery = Object.fromEntries(
        operation.queryParams
          .filter((param) => param.required)
          .map((param) => [param.name, asUrlText(sampleValue(param.schema))]),
      );
      const baseBody = operation.body ? (sampleValue(operation.body) as Record<string, unknown>) : undefined;
      const send = async (path: string, query: Record<string, string>, body: unknown, label: string) => {
        const search = new URLSearchParams(query).toString();
        const response = await call(
          app,
          token,
          operation.method as Method,
          `${path}${search ? `?${search}` : ''}`,
          body,
        );
        requests++;
        expectSafe(response, `${operation.method} ${operation.path} ${label}`);
      };

      for (const value of HOSTILE_VALUES) {
        const label = `with ${JSON.stringify(value)?.slice(0, 40)}`;
        for (const param of operation.pathParams) {
          const path = fillPath(operation.path, { ...pathValues, [param.name]: asUrlText(value) });
          await send(path, baseQuery, baseBody, `path ${param.name} ${label}`);
        }
        for (const param of operation.queryParams) {
          await send(
            fillPath(operation.path, pathValues),
            { ...baseQuery, [param.name]: asUrlText(value) },
            baseBody,
            `query ${param.name} ${label}`,
          );
        }
        if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
          for (const field of Object.keys(baseBody)) {
            await send(
              fillPath(operation.path, pathValues),
              baseQuery,
              { ...baseBody, [field]: value },
              `body ${field} ${label}`,
            );
          }
        }
        if (operation.body) {
          await send(fillPath(operation.path, pathValues), baseQuery, [value], `whole body ${label}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(1_000);
  }, 600_000);

  it('answers every hostile multipart form (files, names, fields, broken forms) without 5xx or internals', async () => {
    const forms = operations.filter((operation) => operation.form);
    expect(forms.length).toBeGreaterThanOrEqual(2);
    for (const operation of forms) {
      const path = fillPath(
        operation.path,
        Object.fromEntries(operation.pathParams.map((param) => [param.name, '1'])),
      );
      const fields = Object.entries(operation.form?.properties ?? {});
      const fileFields = fields.filter(([, schema]) => schema.type === 'array' || schema.format === 'binary');
      const textFields = fields.filter(
        ([, schema]) => !(schema.type === 'array' || schema.format === 'binary'),
      );
      const send = async (payload: Buffer | string, contentType: string, label: string) => {
        const response = await app.inject({
          method: operation.method,
          url: path,
          headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          payload,
        });
        expectSafe(response, `${operation.method} ${operation.path} ${label}`);
      };
      for (const [name, bytes] of HOSTILE_FILES) {
        const form = multipartBody(
          fileFields.map(([field]) => [field, name, bytes] as [string, string, Buffer]),
        );
        await send(form.payload, form.contentType, `file ${name.slice(0, 30)}`);
      }
      for (const [field] of textFields) {
        for (const value of HOSTILE_VALUES) {
          const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
          const form = multipartBody([
            ...fileFields.map(([name]) => [name, 'a.txt', Buffer.from('текст')] as [string, string, Buffer]),
            [field, text],
          ]);
          await send(form.payload, form.contentType, `field ${field} ${text.slice(0, 30)}`);
        }
      }
      const whole = multipartBody([['file', 'a.txt', Buffer.from('a')]]).payload;
      await send(
        whole.subarray(0, whole.length / 2),
        'multipart/form-data; boundary=----parta-walk',
        'truncated',
      );
      await send(whole, 'multipart/form-data', 'no boundary');
      await send('{"file": 1}', 'application/json', 'json instead of a form');
      await send(Buffer.alloc(2048, 0x2d), 'multipart/form-data; boundary=--', 'only dashes');
    }
  }, 120_000);
});

describe('students and parents on every staff route', () => {
  for (const login of ['student', 'parent'] as const) {
    it(`${login} gets 403 on every route whose key the role does not hold`, async () => {
      const token = await loginAs(app, login);
      const held = new Set<string>(ROLE_DEFINITIONS[login].permissions);
      const staffRoutes = operations.filter(
        (operation) =>
          operation.permission !== 'public' &&
          operation.permission !== 'signed-in' &&
          !held.has(operation.permission!),
      );
      expect(staffRoutes.length).toBeGreaterThan(20);
      for (const operation of staffRoutes) {
        const path = fillPath(operation.path, {});
        const body = operation.body ? sampleValue(operation.body) : undefined;
        const response = await call(app, token, operation.method, path, body);
        if (response.statusCode !== 403) {
          throw new Error(`${login}: ${operation.method} ${operation.path} → ${response.statusCode}`);
        }
      }
    });
  }
});

describe("another school's ids on every id route", () => {
  /**
   * Ids of Школа №1's rows in every tenant table: a GET route with an id parameter is matched to the
   * ids its director can open; director2 (Гимназия №2) must then find none of them.
   */
  async function schoolOneIds(): Promise<number[]> {
    const db = app.db;
    const tables = (await db.execute(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'organization_id'
        and table_name in (select table_name from information_schema.columns where column_name = 'id')`)) as unknown as {
      rows: { table_name: string }[];
    };
    const ids = new Set<number>();
    for (const { table_name } of tables.rows) {
      const rows = (await db.execute(
        sql`with school as (select organization_id from users where login = 'director'),
                 own as (select id from ${sql.identifier(table_name)} where organization_id = (select organization_id from school))
            (select id from own order by id limit 2) union (select id from own order by id desc limit 2)`,
      )) as unknown as { rows: { id: number }[] };
      for (const row of rows.rows) ids.add(Number(row.id));
    }
    return [...ids];
  }

  it('director2 gets 404 on every school №1 record its director can open, and changes none', async () => {
    const director = await loginAs(app, 'director');
    const director2 = await loginAs(app, 'director2');
    const candidates = await schoolOneIds();
    expect(candidates.length).toBeGreaterThan(20);

    const single = (operation: Operation) => operation.pathParams.length === 1;
    const found = new Map<string, string>();
    for (const operation of operations.filter((o) => o.method === 'GET' && single(o))) {
      const [param] = operation.pathParams;
      for (const id of candidates) {
        const response = await call(
          app,
          director,
          'GET',
          fillPath(operation.path, { [param.name]: String(id) }),
        );
        if (response.statusCode === 200) {
          found.set(operation.path, String(id));
          break;
        }
      }
    }
    expect(found.size).toBeGreaterThanOrEqual(4);

    for (const operation of operations.filter((o) => single(o))) {
      // Writes under a readable path (PUT /api/group/{id}, POST /api/users/{id}/reset-password …)
      // are tried with the id its GET opened.
      const base = [...found.keys()].find((path) => operation.path.startsWith(path.replace(/\/$/, '')));
      if (!base) continue;
      const [param] = operation.pathParams;
      const path = fillPath(operation.path, { [param.name]: found.get(base)! });
      const body = operation.body ? sampleValue(operation.body) : undefined;
      const response = await call(app, director2, operation.method, path, body);
      if (operation.method === 'GET' ? response.statusCode !== 404 : response.statusCode < 400) {
        throw new Error(
          `director2: ${operation.method} ${path} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
  });
});
