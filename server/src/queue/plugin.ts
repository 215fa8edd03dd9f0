import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { createQueue, type Queue, type QueueOptions } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue: modules register their job kinds on it and send jobs (`queue/queue.ts`). */
    queue: Queue;
  }
}

/**
 * `app.queue`: workers start once every module has registered its kinds (the app is ready) and stop
 * when the app closes — after the modules' own close hooks, before the database closes.
 */
async function queuePlugin(app: FastifyInstance, options: { handle: DatabaseHandle; queue: QueueOptions }) {
  const queue = createQueue(options.handle, {
    log: (message) => app.log.warn(message),
    ...options.queue,
  });
  app.decorate('queue', queue);
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', () => queue.stop());
}

export const jobQueuePlugin = fp(queuePlugin, { name: 'parta-queue', dependencies: ['parta-db'] });
