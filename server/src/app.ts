// Zod's own messages (type errors, too short, …) in Russian, set where the browser apps set it too.
import '@parta/shared/domain/contracts/zod-locale';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client';
import { apiModules, moduleJobs } from './modules';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionSource } from './modules/auth/auth.service';
import type { SmtpSettings } from './modules/notifications/mailer';
import { type PushSettings, pushFromEnv } from './modules/notifications/push-channel';
import { authGuardPlugin } from './plugins/auth';
import { addApiCompression } from './plugins/compression';
import { databasePlugin } from './plugins/db';
import { errorHandlerPlugin, notFoundHandler } from './plugins/errors';
import { openapiDocsPlugin } from './plugins/openapi';
import { rateLimitingPlugin } from './plugins/rate-limit';
import { createAnswerSerializerCompiler } from './plugins/serializer';
import type { TrustProxy } from './plugins/trust-proxy';
import { jobQueuePlugin } from './queue/plugin';
import type { QueueOptions } from './queue/queue';

export interface BuildAppOptions {
  /** An opened (and migrated) database. */
  database: DatabaseHandle;
  /** Close the database when the app closes (server.ts yes; tests that share a database, no). */
  closeDatabase?: boolean;
  /** Serve the built host and remotes (server.ts); tests leave it off. */
  serveFrontend?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Failed sign-ins per IP + login before 429 (default 10 per 5 minutes). */
  loginMaxFailures?: number;
  loginWindowMs?: number;
  /** Behind a load balancer: whose X-Forwarded-For gives the client IP (`plugins/trust-proxy.ts`). */
  trustProxy?: TrustProxy;
  /** Reuse a looked-up session for this long (ms; `plugins/session-cache.ts`); 0, the default, looks every request up. */
  sessionCacheMs?: number;
  /** …and this long while the session channel carries other instances' changes at once (`plugins/session-bus.ts`). */
  sessionCacheLiveMs?: number;
  /** The background job queue (`queue/queue.ts`): polling, maintenance, jobs per kind at once. */
  queue?: QueueOptions;
  /** The SMTP server of e-mail notifications (server.ts: from SMTP_* variables); none: e-mail is off. */
  smtp?: SmtpSettings | null;
  /** Web Push: the VAPID subject and whether http push endpoints are accepted (tests). */
  push?: PushSettings;
  /** Every answer written by both writers and compared (plugins/serializer.ts): the API tests. */
  checkAnswers?: boolean;
}

/** Builds the API: plugins first (db, errors, rate limit, auth, OpenAPI), then the modules under /api. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? (process.env.PARTA_TEST_LOG ? { level: 'error' } : false),
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createAnswerSerializerCompiler({ checked: options.checkAnswers ?? false }));

  // An empty JSON body (POST /api/auth/me from some clients) is no body, not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('Некорректный JSON в теле запроса'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });

  await app.register(databasePlugin, {
    handle: options.database,
    closeOnShutdown: options.closeDatabase ?? false,
  });
  await app.register(jobQueuePlugin, { handle: options.database, queue: options.queue ?? {} });
  await app.register(errorHandlerPlugin);
  await app.register(rateLimitingPlugin);
  await app.register(authGuardPlugin, {
    sessions: sessionSource,
    sessionCacheMs: options.sessionCacheMs,
    sessionCacheLiveMs: options.sessionCacheLiveMs,
  });
  await app.register(openapiDocsPlugin);
  app.decorate('smtp', options.smtp ?? null);
  app.decorate('push', options.push ?? pushFromEnv({}));
  for (const jobs of moduleJobs) await jobs(app);

  await app.register(
    async (api) => {
      // JSON answers above 1 KB go compressed (brotli at a cheap level, else gzip): lists shrink ~10×.
      addApiCompression(api);
      await api.register(authRoutes, {
        loginMaxFailures: options.loginMaxFailures,
        loginWindowMs: options.loginWindowMs,
      });
      for (const module of apiModules) await api.register(module);
      api.setNotFoundHandler(notFoundHandler);
    },
    { prefix: '/api' },
  );

  if (options.serveFrontend) {
    // Loaded only when serving: @fastify/static pulls in ESM-only packages that jest cannot require.
    const { frontendPlugin } = await import('./plugins/frontend');
    await app.register(frontendPlugin);
  } else {
    app.setNotFoundHandler(notFoundHandler);
  }

  return app;
}
