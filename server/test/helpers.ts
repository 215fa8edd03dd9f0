import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seed } from '../src/seed';
import { databaseEnv, TEST_DATABASE } from './database-env';

export { BEHIND_PGBOUNCER, TEST_DATABASE } from './database-env';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a uniquely named database on
 * the PostgreSQL server of DATABASE_URL that `close()` drops. `dataDir` keeps PGlite on disk (restart tests).
 * `seeded: true` copies the demo seed that global-setup built once per run (much faster than seeding).
 */
export async function openTestDatabase(
  /** `migrated: false`: an empty database, for a test that migrates it itself (migrations.test.ts). */
  options: { dataDir?: string; seeded?: boolean; migrated?: boolean } = {},
): Promise<DatabaseHandle> {
  if (TEST_DATABASE === 'pglite' || options.dataDir) {
    const template = process.env.PARTA_PGLITE_TEMPLATE;
    if (options.seeded && !options.dataDir && template && existsSync(template)) {
      return openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
    }
    const handle = await openDatabase({ dataDir: options.dataDir });
    if (options.migrated !== false) await handle.migrate();
    if (options.seeded) await seed(handle.db);
    return handle;
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is required for the postgres test project');
  const name = `parta_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const template = options.seeded ? process.env.PARTA_PG_TEMPLATE : undefined;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const env = databaseEnv(name);
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, directUrl: env.DATABASE_DIRECT_URL });
  if (options.migrated !== false) await handle.migrate();
  if (options.seeded && !template) await seed(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * The API on a fresh migrated and seeded database (seed once per test file: call in beforeAll).
 * `app.close()` closes and, on PostgreSQL, drops the database.
 */
export async function createTestApp(
  options: Partial<BuildAppOptions> & { seed?: boolean } = {},
): Promise<FastifyInstance> {
  const database = options.database ?? (await openTestDatabase({ seeded: options.seed !== false }));
  // checkAnswers: every answer is also written by zod's writer and compared (plugins/serializer.ts).
  const app = await buildApp({
    checkAnswers: true,
    ...options,
    database,
    closeDatabase: options.closeDatabase ?? true,
  });
  await app.ready();
  return app;
}

/** Signs in with the demo password (or the given one) and returns the bearer token. */
export async function loginAs(
  app: FastifyInstance,
  login: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
  if (response.statusCode !== 200)
    throw new Error(`login ${login} failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token as string;
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Shorthand for an authorized inject. */
export function call(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? authHeader(token) : {},
    ...(payload === undefined ? {} : { payload: payload as string | object }),
  });
}

/**
 * Signs in with a one-time password (a new account or a reset) and sets `newPassword` as the server
 * demands before anything else opens; answers a token that may call every route of the user.
 */
export async function loginWithOneTimePassword(
  app: FastifyInstance,
  login: string,
  oneTimePassword: string,
  newPassword = 'own-password-2026',
): Promise<string> {
  const token = await loginAs(app, login, oneTimePassword);
  const changed = await call(app, token, 'POST', '/api/auth/password', {
    current_password: oneTimePassword,
    new_password: newPassword,
  });
  if (changed.statusCode !== 200) throw new Error(`password change of ${login} failed: ${changed.body}`);
  return token;
}

/**
 * The `school_year` of a fixture's row of marks, attendance or mark_audit: its lesson's school year
 * (the key those tables are partitioned by, migration 0028), as every insert must set it.
 */
export function yearOfLesson(lessonId: number): SQL<number> {
  return sql<number>`(select school_year_of(l.date) from lessons l where l.id = ${lessonId})`;
}
