// @ts-check
const globalSetup = require('./global-setup');
const { startPgBouncer } = require('./pgbouncer');

/**
 * The `pgbouncer` project's global setup: the seeded templates as for the others, then PgBouncer in
 * transaction mode in front of DATABASE_URL's server (test/pgbouncer.js); global-teardown.js stops it.
 */
module.exports = async function globalSetupPgBouncer() {
  await globalSetup();
  if (process.env.PARTA_PGBOUNCER_URL) return;
  const bouncer = await startPgBouncer(String(process.env.DATABASE_URL));
  process.env.PARTA_PGBOUNCER_URL = bouncer.url;
  process.env.PARTA_PGBOUNCER_PID = String(bouncer.pid);
  process.env.PARTA_PGBOUNCER_DIR = bouncer.dir;
};
