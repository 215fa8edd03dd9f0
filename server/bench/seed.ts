/**
 * Seeds one new database on the server of DATABASE_URL and prints how long it took and what it built:
 *   DATABASE_URL=postgres://…/postgres pnpm --filter server bench:seed <new database name> [demo|large]
 * The database must not exist yet (nothing is dropped); drop it yourself when done.
 */
import { Client } from 'pg';
import { seedCounts, seedDatabase, withDatabase } from './system';

async function main() {
  const server = process.env.DATABASE_URL;
  const [name, size = 'large'] = process.argv.slice(2);
  if (!server || !name || !/^[a-z_][a-z0-9_]*$/.test(name) || (size !== 'demo' && size !== 'large')) {
    console.error(
      'Использование: DATABASE_URL=postgres://… pnpm --filter server bench:seed <имя_новой_базы> [demo|large]',
    );
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
