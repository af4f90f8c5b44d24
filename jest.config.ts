import type { Config } from 'jest';

// Tests run from TypeScript sources through swc (no type-check here: `tsc -b` does that once,
// before the tests, in `npm test`). Libraries resolve to their sources, so no build is needed
// for unit and integration tests; e2e tests start the built services. <rootDir> is jest's default,
// this file's folder: no __dirname here, since Node 22 loads this file as an ES module itself.
const shared = {
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] as [string, object],
    // hyparquet and hyparquet-writer (the S3 destination's Parquet files) ship as ES modules only,
    // which jest cannot load without its experimental ESM mode: swc turns them into CommonJS.
    '/node_modules/hyparquet[^/]*/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' } }] as [string, object],
  },
  transformIgnorePatterns: ['/node_modules/(?!hyparquet)'],
  moduleNameMapper: {
    '^@datasync/client$': '<rootDir>/clients/typescript/src',
    '^@datasync/([a-z-]+)$': '<rootDir>/libs/$1/src',
    // A package's test helpers (`@datasync/destinations/testing`), kept out of its main entry.
    '^@datasync/([a-z-]+)/testing$': '<rootDir>/libs/$1/src/testing',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testEnvironment: 'node',
};

const config: Config = {
  reporters: ['default', '<rootDir>/tools/jest/summaryReporter.js'],
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{libs,clients,services,tools}/*/src/**/*.unit.test.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,clients,services,tools}/*/src/**/*.integration.test.ts'],
      globalSetup: '<rootDir>/tools/jest/integrationSetup.js',
      setupFilesAfterEnv: ['<rootDir>/tools/jest/timeout60s.js'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/tools/jest/e2eSetup.js',
      globalTeardown: '<rootDir>/tools/jest/e2eTeardown.js',
      setupFilesAfterEnv: ['<rootDir>/tools/jest/timeout180s.js'],
    },
  ],
};

export default config;
