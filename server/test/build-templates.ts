/**
 * Builds the seeded databases that test files copy instead of migrating and seeding each time:
 * a PGlite data-dir tarball (argv[2]) and, when DATABASE_URL is set, a PostgreSQL template
 * database (argv[3]). Run by global-setup.js through tsx, outside jest's VM where PGlite is fast.
 */
import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/seed';

async function main() {
  const [tarballPath, pgTemplateName] = process.argv.slice(2);
  const pglite = await openDatabase({});
  await pglite.migrate();
  await seed(pglite.db);
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(tarballPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && pgTemplateName) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgTemplateName} with (force)`);
    await admin.query(`create database ${pgTemplateName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${pgTemplateName}`;
    const postgres = await openDatabase({ databaseUrl: url.toString() });
    await postgres.migrate();
    await seed(postgres.db);
    await postgres.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
