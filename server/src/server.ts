import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DEMO_LOGINS, DEMO_PASSWORD, seedIfEmpty } from './seed';

/** Start-up: open PGlite (PARTA_DATA_DIR, default ./data) or PostgreSQL (DATABASE_URL), migrate, seed once, listen. */
async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.PARTA_DATA_DIR ?? './data');

  const database = await openDatabase({ databaseUrl, dataDir });
  const seeded = await database.withStartupLock(async () => {
    await database.migrate();
    return seedIfEmpty(database.db);
  });

  const app = await buildApp({
    database,
    closeDatabase: true,
    serveFrontend: true,
    trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port, host });

  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite, ${dataDir}`;
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
