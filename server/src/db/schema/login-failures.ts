import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins per IP + login (`modules/auth/login-throttle.ts`), in the database so that every
 * instance of the API counts the same attempts. A row lives until its window ends.
 */
export const loginFailures = pgTable('login_failures', {
  /** IP, a `|`, then the lower-cased login (PostgreSQL text holds no NUL). */
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
