import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';
import { formatLsn, parseLsn } from '../db/replicas';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    /**
     * Where a read-heavy route reads (reports, diaries, the dashboards, exports, the archive): a
     * streaming replica when one is configured, up, close enough and has replayed the caller's own
     * last write; else `db`, the primary. Writes always go to `db`.
     */
    readDb(request: FastifyRequest): Database;
  }
}

/**
 * The caller's last write, as the primary's WAL position after it: a cookie the browser sends back
 * to whichever instance answers next (no state on the server, nothing written on the hot path).
 */
export const WRITE_LSN_COOKIE = 'parta_wal';
/** Long past any lag a replica may have and still be read: then the cookie has done its work. */
const WRITE_LSN_MAX_AGE_S = 600;
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function writeLsnOf(request: FastifyRequest): bigint | undefined {
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  const match = /(?:^|;\s*)parta_wal=([0-9A-Fa-f]{1,8}\/[0-9A-Fa-f]{1,8})(?:;|$)/.exec(cookie);
  return parseLsn(match?.[1]);
}

/** Exposes the opened database as `app.db`; closing the app closes the database when the app owns it. */
async function dbPlugin(app: FastifyInstance, options: { handle: DatabaseHandle; closeOnShutdown: boolean }) {
  app.decorate('db', options.handle.db);
  app.decorate('dbHandle', options.handle);
  const replicas = options.handle.replicas;
  const primary = options.handle.db;
  app.decorate(
    'readDb',
    replicas
      ? (request: FastifyRequest) => replicas.pick(writeLsnOf(request)) ?? primary
      : (_request: FastifyRequest) => primary,
  );
  if (replicas) {
    // After a request that may have written, the caller's reads wait for a replica that has replayed it.
    app.addHook('onSend', async (request, reply, payload) => {
      if (READING_METHODS.has(request.method) || request.is404) return payload;
      const lsn = await replicas.writeLsn().catch(() => undefined);
      if (lsn === undefined) return payload;
      const cookie = `${WRITE_LSN_COOKIE}=${formatLsn(lsn)}; Path=/api; Max-Age=${WRITE_LSN_MAX_AGE_S}; HttpOnly; SameSite=Lax`;
      const existing = reply.getHeader('set-cookie');
      reply.header(
        'set-cookie',
        existing === undefined
          ? cookie
          : [...(Array.isArray(existing) ? existing : [String(existing)]), cookie],
      );
      return payload;
    });
  }
  if (options.closeOnShutdown) app.addHook('onClose', () => options.handle.close());
}

export const databasePlugin = fp(dbPlugin, { name: 'parta-db' });
