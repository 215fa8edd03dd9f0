/**
 * Seeds one new database and prints how long it took and what it built (the large seed: ~1–2 minutes):
 *   DATABASE_URL=postgres://…/postgres pnpm --filter server bench:seed <new database name> [demo|large]
 *   pnpm --filter server bench:seed <new PGlite data folder> [demo|large]   (no DATABASE_URL)
 * The database or folder must not exist yet (nothing is dropped); remove it yourself when done. A
 * PGlite folder then serves as `PARTA_DATA_DIR=<folder> pnpm start` (the seed already there is kept).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/seed';
import { seedCounts, seedDatabase, withDatabase } from './system';

const USAGE =
  'Использование: [DATABASE_URL=postgres://…] pnpm --filter server bench:seed <новая база или папка PGlite> [demo|large]';

async function seedPglite(dataDir: string, size: 'demo' | 'large') {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    const started = Date.now();
    await seed(handle.db, { size });
    const ms = Date.now() - started;
    const counts = (await handle.db.execute(
      `select (select count(*) from students)::int as students, (select count(*) from lessons)::int as lessons,
              (select count(*) from marks)::int as grades, (select count(*) from attendance)::int as attendance,
              (select count(*) from final_marks)::int as final_marks` as never,
    )) as unknown as { rows: Record<string, number>[] };
    return { ms, all_schools: counts.rows[0] };
  } finally {
    await handle.close();
  }
}

async function main() {
  const server = process.env.DATABASE_URL;
  const [name, size = 'large'] = process.argv.slice(2);
  if (!name || (size !== 'demo' && size !== 'large')) {
    console.error(USAGE);
    process.exit(2);
  }
  if (!server) {
    const dataDir = path.resolve(name);
    if (existsSync(dataDir)) throw new Error(`${dataDir} уже существует`);
    console.log(JSON.stringify({ pglite: dataDir, size, ...(await seedPglite(dataDir, size)) }, null, 2));
    return;
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    console.error(USAGE);
    process.exit(2);
  }
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(server, name);
  const ms = await seedDatabase(url, size);
  console.log(JSON.stringify({ database: name, size, ms, ...(await seedCounts(url)) }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
