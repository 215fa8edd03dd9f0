// @ts-check
const { execFile } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

/** Runs build-templates.ts through tsx, outside jest's VM where PGlite is fast. */
async function buildTemplate(/** @type {string[]} */ args) {
  const child = execFile(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'build-templates.ts'), ...args],
    { env: { ...process.env, NODE_OPTIONS: '' } },
  );
  child.stdout?.pipe(process.stdout);
  child.stderr?.pipe(process.stderr);
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`build-templates.ts ${args.join(' ')} exited with ${code}`);
}

/**
 * The global setup of the `pglite` and `postgres` projects (jest runs a project's global setup only
 * when the run selects one of its suites, so a run of database-free suites seeds nothing). The first
 * call builds the seeded PGlite tarball and, with DATABASE_URL, the PostgreSQL template, the two at
 * once (one is WebAssembly in this process's child, the other mostly the PostgreSQL server); the
 * second project's call finds them built. See build-templates.ts.
 */
module.exports = async function globalSetup() {
  if (process.env.PARTA_PGLITE_TEMPLATE) return;
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const tarball = path.join(os.tmpdir(), `parta-test-template-${tag}.tar`);
  const pgTemplate = process.env.DATABASE_URL ? `parta_test_tpl_${tag}` : '';
  await Promise.all([
    buildTemplate(['pglite', tarball]),
    pgTemplate ? buildTemplate(['postgres', pgTemplate]) : undefined,
  ]);
  process.env.PARTA_PGLITE_TEMPLATE = tarball;
  if (pgTemplate) process.env.PARTA_PG_TEMPLATE = pgTemplate;
};
