import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The Drizzle database, whichever driver is behind it (PGlite or node-postgres). A transaction is one
 * too: `db.transaction(async (tx) => …)` hands repositories `tx` where they take `db`, no cast.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
