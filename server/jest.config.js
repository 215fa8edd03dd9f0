// @ts-check
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { PGBOUNCER } = require('./test/pgbouncer');

/**
 * Three projects. A suite that reaches the database under test does so through test/helpers
 * (`createTestApp`, `openTestDatabase`) or test/processes (the API as its own process): it runs on
 * PGlite (project `pglite`) and once more on PostgreSQL (`postgres`) when DATABASE_URL is set, each
 * test file on its own freshly created database, dropped afterwards. Every other suite (the solver,
 * the FET reader, parsers, plugins on a bare Fastify) needs no database under test and runs once
 * (`unit`): running it on the second project would repeat the same code on the same input.
 */
const ESM_ONLY = '(content-disposition|cookie)';
const DATABASE_SUITE = /from '(\.\.\/)+test\/(helpers|processes)'/;

const testFiles = readdirSync(path.join(__dirname, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join(__dirname, 'src', file));
const databaseSuites = testFiles.filter((file) => DATABASE_SUITE.test(readFileSync(file, 'utf8')));
const unitSuites = testFiles.filter((file) => !databaseSuites.includes(file));
/** An empty testMatch would let jest take every file under rootDir. */
const only = (/** @type {string[]} */ files) => (files.length ? files : ['<rootDir>/no-suite-matches']);

const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
    // ESM-only dependencies (of @fastify/static, light-my-request), compiled to CommonJS for jest.
    [`/node_modules/${ESM_ONLY}/.+\\.js$`]: [
      'ts-jest',
      {
        tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022', isolatedModules: true },
        diagnostics: false,
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?${ESM_ONLY}[@/])`],
};

/**
 * A database project: its global setup builds the seeded templates (global-setup.js); jest runs it only
 * when the run selects one of the project's suites, so `pnpm test -- solver` seeds nothing.
 */
const databaseProject = (/** @type {'pglite' | 'postgres'} */ name) => ({
  ...base,
  displayName: name,
  testMatch: only(databaseSuites),
  setupFiles: [`<rootDir>/test/env-${name}.js`],
  globalSetup: '<rootDir>/test/global-setup.js',
});

/**
 * The suites of sessions and the job queue run a third time through PgBouncer in transaction mode
 * (test/pgbouncer.js), as production behind a pooler runs: with DATABASE_URL and Debian's pgbouncer.
 */
const POOLED_SUITES = [
  'modules/auth/auth.test.ts',
  'plugins/session-cache.test.ts',
  'multi-instance.test.ts',
  'queue/runs.test.ts',
  'modules/notifications/delivery.test.ts',
].map((file) => path.join(__dirname, 'src', file));
const pgbouncerProject = {
  ...base,
  displayName: 'pgbouncer',
  testMatch: POOLED_SUITES,
  setupFiles: ['<rootDir>/test/env-pgbouncer.js'],
  globalSetup: '<rootDir>/test/global-setup-pgbouncer.js',
};

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60_000,
  globalTeardown: '<rootDir>/test/global-teardown.js',
  projects: [
    { ...base, displayName: 'unit', testMatch: only(unitSuites) },
    databaseProject('pglite'),
    ...(process.env.DATABASE_URL ? [databaseProject('postgres')] : []),
    ...(process.env.DATABASE_URL && PGBOUNCER ? [pgbouncerProject] : []),
  ],
};
