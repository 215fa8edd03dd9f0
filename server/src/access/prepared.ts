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

/** Up to how many organizations a scope is written out element by element (`ScopeVariant`). */
const LISTED_SCOPE = 4;

/**
 * Which prepared variant of a scoped statement a caller runs, by the size of their scope: `in1`…`in4`
 * for a caller of one to four organizations (a school's staff: the school and its branches; nearly
 * everyone), `many` for a larger scope (a district's staff), `all` for the platform administrator, who
 * sees every organization. Each is its own statement, and the variant is part of its name.
 */
export type ScopeVariant = `in${number}` | 'many' | 'all';

/**
 * A hot query in the scope variant of each caller (`ScopeVariant`), built when first needed:
 * `build(db, variant)` puts `inScopePlaceholder(column, variant)` in its filter and the variant in
 * its statement's name. Pass `scopeParams(actor)` with the other values.
 */
export function preparedInScope<Q>(build: (db: Database, variant: ScopeVariant) => Q) {
  const variants = prepared(() => new Map<ScopeVariant, Q>());
  return (db: Database, scope: ScopedActor): Q => {
    const built = variants(db);
    const variant = scopeVariant(scope);
    let query = built.get(variant);
    if (query === undefined) {
      query = build(db, variant);
      built.set(variant, query);
    }
    return query;
  };
}

/** The variant of a scoped statement this caller runs. */
function scopeVariant(scope: ScopedActor): ScopeVariant {
  if (scope.isPlatformAdmin) return 'all';
  const count = scope.organizationIds.length;
  return count >= 1 && count <= LISTED_SCOPE ? `in${count}` : 'many';
}

/**
 * The scope rule of `db/scope.ts` for prepared statements: `column` is one of the caller's
 * organizations, passed as one array placeholder (`organizationIds`), so the values are not part of
 * the text; nothing for the platform administrator (`all`).
 *
 * A small scope is written out as the array's elements, `column in ($1[1], $1[2])`, not as
 * `column = any($1)`: in a generic plan PostgreSQL cannot see the array and counts it as ten values,
 * so it expects ten schools' rows where one school's come, finds the plans made with the values
 * cheaper and plans the statement again on every call (a school's staff list at 1,000 schools: 0.45 ms
 * of planning for a 0.96 ms run). Each element is costed as one value of the column, as it is.
 */
export function inScopePlaceholder(column: AnyPgColumn, variant: ScopeVariant): SQL | undefined {
  if (variant === 'all') return undefined;
  const ids = sql`${sql.placeholder('organizationIds')}::int[]`;
  if (variant === 'many') return sql`${column} = any(${ids})`;
  const count = Number(variant.slice(2));
  const elements = Array.from({ length: count }, (_, index) => sql`(${ids})[${sql.raw(String(index + 1))}]`);
  return sql`${column} in (${sql.join(elements, sql`, `)})`;
}

/** The placeholder value `inScopePlaceholder` expects. */
export function scopeParams(actor: ScopedActor) {
  return { organizationIds: [...actor.organizationIds] };
}
