import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool, type PoolClient } from 'pg';
import type { Database } from './database';
import { PLANNED_WITH_VALUES } from './plans';
import { openReplicaSet, type ReplicaOptions, type ReplicaSet } from './replicas';
import * as schema from './schema';

export type { Database } from './database';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the URL the pool connects to (`DATABASE_URL`, a pooler's when there is one). */
  connectionString?: string;
  /**
   * PostgreSQL only: where to open a connection that keeps session state (the session channel's
   * LISTEN): `DATABASE_DIRECT_URL` behind a pooler, else the same as `connectionString`.
   */
  directConnectionString?: string;
  /**
   * Runs SQL as written, outside Drizzle: `$1…` placeholders with `values`, or several statements
   * without them (the job queue's own schema and statements, `queue/queue.ts`).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Applies the committed migrations (call inside withStartupLock when several instances may start at once). */
  migrate(): Promise<void>;
  /** Runs `task` holding a PostgreSQL advisory lock, so concurrent instances migrate and seed one at a time. */
  withStartupLock<T>(task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the primary's pool (the replicas answer from it when they cannot, replicas.ts). */
  pool?: Pool;
  /** DATABASE_REPLICA_URL set: the streaming replicas read-heavy routes read from (replicas.ts). */
  replicas?: ReplicaSet;
}

const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');

const STARTUP_LOCK_ID = 727_202_6;

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests copy a seeded template this way). */
  loadDataDir?: Blob;
  /** Streaming replicas of `databaseUrl` (DATABASE_REPLICA_URL); reads by intent only, see replicas.ts. */
  replicaUrls?: string[];
  replicaOptions?: ReplicaOptions;
  /**
   * PostgreSQL itself when `databaseUrl` is a pooler in transaction mode (PgBouncer): the session
   * channel's LISTEN, the start-up lock, migrations and the job queue use it; the pool then keeps no
   * session state (no named prepared statements, no start-up `options`).
   */
  directUrl?: string;
}

/** Opens PGlite (default) or PostgreSQL (when `databaseUrl` is given). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl && options.replicaUrls?.length)
    return withReplicas(
      await openPostgres(options.databaseUrl, options.directUrl || undefined),
      options.replicaUrls,
      options.replicaOptions,
    );
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.directUrl || undefined);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  const client = new PGlite({
    dataDir,
    loadDataDir,
    // 32 MB of shared buffers instead of PostgreSQL's 128 MB: PGlite touches them all at start, and
    // its files are cached by the operating system anyway (~100 MB less resident memory).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // The extended protocol of `query` takes one statement; `exec` takes a script (no parameters).
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    withStartupLock: (task) => task(),
    close: () => client.close(),
  };
}

/** Statements worth keeping prepared: one data statement (migrations and other utility SQL run as they are). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b[^;]*;?\s*$/is;

/**
 * Every data statement runs as a named prepared statement on its connection, named by a hash of its
 * text: Drizzle sends the same text for the same query shape (values are parameters), so PostgreSQL
 * parses and plans each shape once per connection instead of on every request. Planning was most of
 * the cost of the small queries an API request makes (the session lookup: 2,500 → 9,500 a second).
 * A statement marked PLANNED_WITH_VALUES (plans.ts) is sent unnamed: planned with its values each time.
 */
function preparePlannedStatements(client: PoolClient) {
  rewriteQueries(client, (config) => {
    if (!('text' in config) || ('name' in config && config.name)) return config;
    const text = String(config.text);
    if (!PREPARABLE.test(text) || text.startsWith(PLANNED_WITH_VALUES)) return config;
    return { ...config, name: `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}` };
  });
}

/** Every query object `client` is given passes through `rewrite` first (the two wrappers here). */
function rewriteQueries(client: PoolClient, rewrite: (config: object) => object) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => query(config && typeof config === 'object' ? rewrite(config) : config, ...rest);
}

/** A pool of PostgreSQL connections; `pooled`: behind a transaction pooler, so no session state. */
function openPool(connectionString: string, max: number, pooled: boolean): Pool {
  const pool = new Pool({
    connectionString,
    max,
    // No JIT compilation: the API's statements are short, and on a whole-school report LLVM spent
    // 1.4 s compiling a plan that runs in 0.15 s (journal completion on the large seed). A pooler
    // refuses start-up options: there the pooler's `connect_query` sets it (README, production).
    ...(pooled ? {} : { options: '-c jit=off' }),
  });
  // An idle connection the server ends (a restart, a failover, a dropped test database) must not take
  // the process down: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // Behind a transaction pooler no statement is kept prepared (parsed and planned each time).
  pool.on('connect', pooled ? unnamedStatements : preparePlannedStatements);
  return pool;
}

/**
 * Behind a transaction pooler every statement goes unnamed, Drizzle's own `.prepare(name)` ones too
 * (the session lookup): a statement prepared on one server connection is unknown on the next one the
 * pooler hands out («prepared statement … does not exist»).
 */
function unnamedStatements(client: PoolClient) {
  rewriteQueries(client, (config) => {
    if (!('name' in config) || !config.name) return config;
    const { name: _name, ...unnamed } = config;
    return unnamed;
  });
}

async function openPostgres(databaseUrl: string, directUrl: string | undefined): Promise<DatabaseHandle> {
  const pooled = directUrl !== undefined && directUrl !== databaseUrl;
  const pool = openPool(databaseUrl, Number(process.env.PG_POOL_MAX ?? 10), pooled);
  // Behind a pooler, what needs a session of its own goes to PostgreSQL itself: the start-up lock
  // and the migrations under it, and the job queue (pg-boss keeps to one connection per statement,
  // but a queue that outlives the pooler's reconnects is simpler to reason about on a direct line).
  const direct = pooled ? openPool(directUrl, Number(process.env.PG_DIRECT_POOL_MAX ?? 3), false) : pool;
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
  const directDb = pooled ? drizzleNodePg({ client: direct, schema, casing: 'snake_case' }) : db;
  async function withStartupLock<T>(task: () => Promise<T>): Promise<T> {
    const lockClient = await direct.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
      return await task();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
      lockClient.release();
    }
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    connectionString: databaseUrl,
    directConnectionString: directUrl ?? databaseUrl,
    executeSql: (text, values) => direct.query(text, values),
    migrate: () => migrateNodePg(directDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    withStartupLock,
    close: async () => {
      await pool.end();
      if (direct !== pool) await direct.end();
    },
    pool,
  };
}

/** Adds the replicas to an opened PostgreSQL handle; closing it closes them too. */
function withReplicas(handle: DatabaseHandle, urls: string[], options: ReplicaOptions = {}): DatabaseHandle {
  if (!handle.pool) return handle;
  const replicas = openReplicaSet(handle.pool, urls, { onConnect: preparePlannedStatements, ...options });
  return {
    ...handle,
    replicas,
    close: async () => {
      await replicas.close();
      await handle.close();
    },
  };
}
