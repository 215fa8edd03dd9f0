import { type SQL, sql } from 'drizzle-orm';

/**
 * The opening comment of a statement PostgreSQL must plan with its values on every run. Every other
 * data statement is kept prepared on its connection (client.ts), and after five runs PostgreSQL may
 * switch a prepared statement to a generic plan, one made without the values; for a whole-school
 * report that plan can be ruinous: it takes a school's term of lessons for one row and nested-loops
 * over the pupils' marks (journal completion: 0.1–0.3 s planned with the values, 4.5–6 s generic).
 * Such a statement is sent unnamed, which PostgreSQL plans with the values each time.
 */
export const PLANNED_WITH_VALUES = '/* planned with its values */';

/** `query` marked to be planned with its values on every run (PLANNED_WITH_VALUES). */
export function plannedWithValues(query: SQL): SQL {
  return sql`${sql.raw(PLANNED_WITH_VALUES)} ${query}`;
}
