/**
 * Builds a seeded database that test files copy instead of migrating and seeding each time:
 * `pglite <tarball>` writes a PGlite data-dir tarball, `postgres <name>` creates a template database
 * on the server of DATABASE_URL. Run by global-setup-{pglite,postgres}.js through tsx, outside jest's
 * VM where PGlite is fast.
 */
import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/seed';

async function buildPgliteTarball(tarballPath: string) {
  const pglite = await openDatabase({});
  await pglite.migrate();
  await seed(pglite.db);
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(tarballPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}

async function buildPostgresTemplate(templateName: string) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is required for the PostgreSQL template');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateName} with (force)`);
  await admin.query(`create database ${templateName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${templateName}`;
  const postgres = await openDatabase({ databaseUrl: url.toString() });
  await postgres.migrate();
  await seed(postgres.db);
  await postgres.close();
}

async function main() {
  const [kind, target] = process.argv.slice(2);
  if (kind === 'pglite' && target) return buildPgliteTarball(target);
  if (kind === 'postgres' && target) return buildPostgresTemplate(target);
  throw new Error('usage: build-templates.ts pglite <tarball> | postgres <template name>');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
