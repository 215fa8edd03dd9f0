import { fork } from 'node:child_process';
import path from 'node:path';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import { replicaUrlsFrom } from './db/replicas';
import { markDataDirClosed, markDataDirOpen, UNCLEAN_STOP_MESSAGE } from './db/unclean-stop';
import { smtpFromEnv } from './modules/notifications/mailer';
import { pushFromEnv } from './modules/notifications/push-channel';
import { parseTrustProxy } from './plugins/trust-proxy';
import { DEMO_LOGINS, DEMO_PASSWORD, seedIfEmpty } from './seed';

/**
 * A looked-up session is reused this long while the session channel is up (changes made through any
 * instance arrive at once), and only 2 s while it is down (see `plugins/session-bus.ts`).
 */
const SESSION_CACHE_LIVE_MS = 60_000;
const SESSION_CACHE_MS = 2000;

/** Set in the child that prepares a PGlite folder (see `prepareInChild`). */
const SETUP_ONLY = 'PARTA_SETUP_ONLY';

/** Migrations, then the demo school into an empty database; true when it seeded. */
function migrateAndSeed(database: DatabaseHandle): Promise<boolean> {
  return database.withStartupLock(async () => {
    await database.migrate();
    return seedIfEmpty(database.db);
  });
}

/**
 * PGlite keeps the WebAssembly memory it ever grew to: creating a cluster and seeding the demo school
 * take it to ~800 MB, and the server would hold that all day. So on PGlite the migrations and the seed
 * run in a short-lived child process of this same script; the server then opens the prepared folder
 * and rests at what serving needs. Answers whether the child seeded.
 */
function prepareInChild(): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1], process.argv.slice(2), {
      env: { ...process.env, [SETUP_ONLY]: '1' },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let seeded = false;
    // Stopping the server while the child prepares stops the child too.
    const stop = () => {
      child.kill('SIGTERM');
      process.exit(1);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    child.once('exit', () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
    });
    child.on('message', (message) => {
      if (message && typeof message === 'object' && 'seeded' in message) seeded = Boolean(message.seeded);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(seeded) : reject(new Error(`подготовка базы PGlite завершилась с кодом ${code}`)),
    );
  });
}

/** Start-up: open PGlite (PARTA_DATA_DIR, default ./data) or PostgreSQL (DATABASE_URL), migrate, seed once, listen. */
async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // Behind PgBouncer in transaction mode DATABASE_URL is the pooler's; this one is PostgreSQL itself.
  const directUrl = process.env.DATABASE_DIRECT_URL || undefined;
  const dataDir = path.resolve(process.env.PARTA_DATA_DIR ?? './data');
  const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  const replicaUrls = databaseUrl ? replicaUrlsFrom(process.env.DATABASE_REPLICA_URL) : [];
  const replicaOptions = {
    maxLagMs: Number(process.env.DATABASE_REPLICA_MAX_LAG_MS ?? 5000),
    probeMs: Number(process.env.DATABASE_REPLICA_PROBE_MS ?? 1000),
  };

  if (process.env[SETUP_ONLY]) {
    const database = await openDatabase({ databaseUrl, directUrl, dataDir });
    const seeded = await migrateAndSeed(database);
    await database.close();
    process.send?.({ seeded });
    return;
  }

  const preparedSeed = databaseUrl ? undefined : await prepareInChild();
  // The folder exists now (the child created it if it was new); a mark left in it means a crash.
  if (!databaseUrl && markDataDirOpen(dataDir)) process.stderr.write(`${UNCLEAN_STOP_MESSAGE}\n`);
  let database: DatabaseHandle | undefined;
  let started: { app: Awaited<ReturnType<typeof buildApp>>; seeded: boolean } | undefined;
  try {
    database = await openDatabase({ databaseUrl, directUrl, dataDir, replicaUrls, replicaOptions });
    const seeded = preparedSeed ?? (await migrateAndSeed(database));
    started = {
      seeded,
      app: await buildApp({
        database,
        closeDatabase: true,
        serveFrontend: true,
        trustProxy,
        smtp: smtpFromEnv(process.env),
        push: pushFromEnv(process.env),
        sessionCacheMs: SESSION_CACHE_MS,
        sessionCacheLiveMs: SESSION_CACHE_LIVE_MS,
        logger: { level: process.env.LOG_LEVEL ?? 'warn' },
      }),
    };
    await started.app.listen({ port, host });
  } catch (error) {
    // A start that fails (the port taken, a bad migration, …) is a clean stop once the database is
    // closed: the mark goes, so the next start does not report a crash that did not happen.
    const closed = await Promise.resolve(started ? started.app.close() : database?.close()).then(
      () => true,
      () => false,
    );
    if (closed && !databaseUrl) markDataDirClosed(dataDir);
    throw error;
  }
  const { app, seeded } = started;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => {
          if (!databaseUrl) markDataDirClosed(dataDir);
          process.exit(0);
        },
        () => process.exit(1),
      );
    });
  }

  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const where = databaseUrl
    ? `PostgreSQL (DATABASE_URL${replicaUrls.length ? `, чтение отчётов с реплик: ${replicaUrls.length}` : ''})`
    : `PGlite, ${dataDir}`;
  const lines = [
    '',
    `Parta запущена: http://${shownHost}:${port}`,
    `API: http://${shownHost}:${port}/api, документация: http://${shownHost}:${port}/api/docs`,
    `База данных: ${where}${seeded ? ' (заполнена демо-данными)' : ''}`,
    `Демо-входы (пароль ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((demo) => `  ${demo.login.padEnd(10)} ${demo.role}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(
    `Не удалось запустить сервер: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
