// @ts-check
/**
 * API tests run against PGlite always, and once more against PostgreSQL when DATABASE_URL is set
 * (each test file gets its own freshly created database on that server, dropped afterwards).
 */
const ESM_ONLY = '(content-disposition|cookie)';

const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
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

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60_000,
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
  projects: [
    { ...base, displayName: 'pglite', setupFiles: ['<rootDir>/test/env-pglite.js'] },
    ...(process.env.DATABASE_URL
      ? [{ ...base, displayName: 'postgres', setupFiles: ['<rootDir>/test/env-postgres.js'] }]
      : []),
  ],
};
