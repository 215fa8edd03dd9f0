import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The rows of a raw SQL statement, typed by the caller. Both drivers (PGlite and node-postgres)
 * answer `db.execute` with `{ rows }`, which Drizzle's common type does not say: this is the one
 * place that reads it.
 */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
