// @ts-check
/**
 * Jest settings shared by the front-end packages: TypeScript through ts-jest, jsdom, CSS stubbed.
 * Use in a package's jest.config.js: `module.exports = require('@parta/shared/jest-preset')(__dirname);`
 */
const path = require('node:path');

/** @param {string} packageDir @returns {import('jest').Config} */
module.exports = function jestPreset(packageDir) {
  return {
    rootDir: packageDir,
    testEnvironment: require.resolve('jest-environment-jsdom'),
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': [
        require.resolve('ts-jest'),
        { tsconfig: path.join(packageDir, 'tsconfig.json'), diagnostics: false },
      ],
    },
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'style-stub.js') },
    setupFiles: [path.join(__dirname, 'jest-setup.js')],
  };
};
