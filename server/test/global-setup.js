// @ts-check
const { execFileSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

/** Builds the seeded PGlite tarball (and PostgreSQL template) once per jest run; see build-templates.ts. */
module.exports = async function globalSetup() {
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const tarball = path.join(os.tmpdir(), `parta-test-template-${tag}.tar`);
  const pgTemplate = process.env.DATABASE_URL ? `parta_test_tpl_${tag}` : '';
  execFileSync(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'build-templates.ts'), tarball, pgTemplate],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  process.env.PARTA_PGLITE_TEMPLATE = tarball;
  if (pgTemplate) process.env.PARTA_PG_TEMPLATE = pgTemplate;
};
