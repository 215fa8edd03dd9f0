import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * @fastify/rate-limit, off by default: routes opt in with `config.rateLimit`. The store is in memory,
 * per instance; behind a load balancer each instance limits on its own.
 */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Слишком много запросов. Повторите через ${Math.max(1, Math.ceil(context.ttl / 1000))} с.`,
    }),
  });
}

export const rateLimitingPlugin = fp(rateLimitPlugin, { name: 'parta-rate-limit' });
