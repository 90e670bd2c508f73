// Three projects behind `npm test`: node (API, workflows, plugins, integration against real
// PostgreSQL and Temporal), admin (jsdom) and browser (Playwright driving Debian's Chromium).
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] };
// @plaudit/kernel entries, as tsconfig.json's paths declare them
const moduleNameMapper = {
  '^@plaudit/kernel$': '<rootDir>/api/kernel/index.ts',
  '^@plaudit/kernel/admin$': '<rootDir>/admin/src/kernel.ts',
  '^@plaudit/kernel/workflow$': '<rootDir>/workflows/sandbox.ts',
  '^@plaudit/kernel/testing$': '<rootDir>/tests/support/kernel-testing.ts',
};
// plugins kept outside the repository (PLUGIN_DIRS, ':'-separated) bring their tests along
const path = require('node:path');
const externalDirs = (process.env.PLUGIN_DIRS ?? '').split(path.delimiter).filter(Boolean).map((d) => path.resolve(__dirname, d)).filter((d) => path.relative(__dirname, d).startsWith('..'));
const shared = { transform, moduleNameMapper, moduleFileExtensions: ['ts', 'tsx', 'js', 'json'], testPathIgnorePatterns: ['/node_modules/', '/.data/'] };

module.exports = {
  globalSetup: '<rootDir>/tests/setup/global-setup.ts',
  globalTeardown: '<rootDir>/tests/setup/global-teardown.ts',
  reporters: ['default', '<rootDir>/tests/setup/summary-reporter.js'],
  testTimeout: 60_000,
  // Test files mostly wait on PostgreSQL, Temporal and the browser, so two run side by side even on
  // the 2-core CI machine (jest's default there would be one at a time); each has its own shops.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  // A worker keeps every module graph it loaded; after ~100 test files one ran out of heap in CI
  // (stop 25). Past this size a worker is replaced between test files instead.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>', ...externalDirs],
      // a plugin's browser tests live in its tests/browser/ and belong to the browser project only
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '/plugins/[^/]+/tests/browser/'],
      testMatch: [
        '<rootDir>/{api,workflows,migrations}/**/*.test.ts',
        '<rootDir>/plugins/*/tests/**/*.test.ts',
        '<rootDir>/tests/{unit,integration}/**/*.test.ts',
        '<rootDir>/tests/reliability/**/*.test.ts',
        '<rootDir>/tests/fixtures/plugins/*/tests/**/*.test.ts',
        '<rootDir>/tests/emulator/**/*.test.ts',
        ...externalDirs.map((d) => `${d}/*/tests/**/*.test.ts`),
      ],
    },
    {
      ...shared,
      displayName: 'admin',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/admin/**/*.test.{ts,tsx}', '<rootDir>/plugins/*/admin/**/*.test.{ts,tsx}'],
    },
    {
      ...shared,
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/browser/**/*.test.ts', '<rootDir>/plugins/*/tests/browser/**/*.test.ts'],
    },
  ],
};
