import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
  }
}

/** Exposes the opened database as `app.db`; closing the app closes the database when the app owns it. */
async function dbPlugin(app: FastifyInstance, options: { handle: DatabaseHandle; closeOnShutdown: boolean }) {
  app.decorate('db', options.handle.db);
  app.decorate('dbHandle', options.handle);
  if (options.closeOnShutdown) app.addHook('onClose', () => options.handle.close());
}

export const databasePlugin = fp(dbPlugin, { name: 'parta-db' });
