// @ts-check
const { rmSync } = require('node:fs');
const { Client } = require('pg');
const { stopPgBouncer } = require('./pgbouncer');

module.exports = async function globalTeardown() {
  if (process.env.PARTA_PGBOUNCER_PID)
    stopPgBouncer(Number(process.env.PARTA_PGBOUNCER_PID), process.env.PARTA_PGBOUNCER_DIR);
  if (process.env.PARTA_PGLITE_TEMPLATE) rmSync(process.env.PARTA_PGLITE_TEMPLATE, { force: true });
  if (process.env.DATABASE_URL && process.env.PARTA_PG_TEMPLATE) {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${process.env.PARTA_PG_TEMPLATE} with (force)`);
    await admin.end();
  }
};
