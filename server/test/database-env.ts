/**
 * Which database the jest project under way tests on, and how the API reaches a database of
 * DATABASE_URL's server (jest.config.js's projects; test/helpers.ts and test/processes.ts use it).
 */
/** 'postgres' in the jest projects that run against DATABASE_URL (directly or through PgBouncer), else 'pglite'. */
export const TEST_DATABASE =
  process.env.PARTA_TEST_DB === 'postgres' || process.env.PARTA_TEST_DB === 'pgbouncer'
    ? 'postgres'
    : 'pglite';

/** The `pgbouncer` project (jest.config.js): the API reaches PostgreSQL through PgBouncer in transaction mode. */
export const BEHIND_PGBOUNCER = process.env.PARTA_TEST_DB === 'pgbouncer';

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * How the API reaches database `name` of DATABASE_URL's server: `DATABASE_URL` and, in the
 * `pgbouncer` project, that URL through PgBouncer with `DATABASE_DIRECT_URL` PostgreSQL's own.
 */
export function databaseEnv(name: string): { DATABASE_URL: string; DATABASE_DIRECT_URL?: string } {
  const direct = withDatabaseName(String(process.env.DATABASE_URL), name);
  const pooler = process.env.PARTA_PGBOUNCER_URL;
  if (!BEHIND_PGBOUNCER) return { DATABASE_URL: direct };
  if (!pooler)
    throw new Error('the pgbouncer project needs PARTA_PGBOUNCER_URL (test/global-setup-pgbouncer.js)');
  return { DATABASE_URL: withDatabaseName(pooler, name), DATABASE_DIRECT_URL: direct };
}
