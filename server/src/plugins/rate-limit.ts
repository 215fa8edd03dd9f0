import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { countInWindow } from '../db/window-counter';

type RouteShape = { method?: unknown; url?: string };
type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in the database every instance shares (the sign-in
 * counters table, `db/window-counter.ts`), so that N instances behind a load balancer allow one
 * limit, not N of them. One route's limit is one key space (`limit <route> <client key>`): the
 * per-IP flood guard of sign-in and the application form's limit never share a count.
 */
function databaseStore(db: Database) {
  return class DatabaseRateLimitStore {
    /** @fastify/rate-limit constructs the store with its options; a route's child names its key space. */
    constructor(
      _options: unknown,
      private readonly space = '*',
    ) {}

    incr(key: string, answer: Answer, timeWindow: number) {
      countInWindow(db, `limit ${this.space} ${key}`, timeWindow).then(
        ({ count, ttlMs }) => answer(null, { current: count, ttl: ttlMs }),
        (error: Error) => answer(error),
      );
    }

    /** At run time the route's options arrive as `routeInfo` of the merged limit options. */
    child(routeOptions: { routeInfo?: RouteShape; method?: unknown; url?: string }) {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(routeOptions, `${String(route.method ?? '')} ${route.url ?? ''}`);
    }
  };
}

/**
 * @fastify/rate-limit, off by default: routes opt in with `config.rateLimit`. Counted in the
 * database, so the limits hold across every instance of the API (docs/SCALING.md).
 */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Слишком много запросов. Повторите через ${Math.max(1, Math.ceil(context.ttl / 1000))} с.`,
    }),
  });
}

export const rateLimitingPlugin = fp(rateLimitPlugin, {
  name: 'parta-rate-limit',
  dependencies: ['parta-db'],
});
