import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { ScopedActor } from './scope';

/**
 * A hot query built once per database and run as a prepared statement with placeholders.
 *
 * Building a query with Drizzle's builder costs the server more CPU (~0.2 ms) than PostgreSQL spends
 * running a small indexed query, and the requests every user makes all day (the session, lists,
 * cards, the journal) pay it on each call. Built once, the statement's text, name and parameter
 * order are fixed: PostgreSQL parses and plans it once per connection as well.
 */
export function prepared<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const built = new WeakMap<Database, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A hot query in two prepared variants, `build(db, true)` limited to the caller's organizations
 * (`inScopePlaceholder`) and `build(db, false)` for the platform administrator, who sees every one;
 * answers the variant for the caller. Pass `scopeParams(actor)` with the other values.
 */
export function preparedInScope<Q>(build: (db: Database, scoped: boolean) => Q) {
  const variants = prepared((db) => ({ scoped: build(db, true), all: build(db, false) }));
  return (db: Database, scope: ScopedActor): Q => {
    const built = variants(db);
    return scope.isPlatformAdmin ? built.all : built.scoped;
  };
}

/**
 * The scope rule of `db/scope.ts` for prepared statements: `column` is one of the caller's
 * organizations, passed as one array placeholder (`organizationIds`), so the text does not depend on
 * how many there are. Prepare a second variant without it for the platform administrator.
 */
export function inScopePlaceholder(column: AnyPgColumn): SQL {
  return sql`${column} = any(${sql.placeholder('organizationIds')}::int[])`;
}

/** The placeholder value `inScopePlaceholder` expects. */
export function scopeParams(actor: ScopedActor) {
  return { organizationIds: [...actor.organizationIds] };
}
