// Three projects behind `npm test`: node (API, workflows, plugins, integration against real
// PostgreSQL and Temporal), admin (jsdom) and browser (Playwright driving Debian's Chromium).
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] };
const shared = { transform, moduleFileExtensions: ['ts', 'tsx', 'js', 'json'], testPathIgnorePatterns: ['/node_modules/', '/.data/'] };

module.exports = {
  globalSetup: '<rootDir>/tests/setup/global-setup.ts',
  globalTeardown: '<rootDir>/tests/setup/global-teardown.ts',
  reporters: ['default', '<rootDir>/tests/setup/summary-reporter.js'],
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      // a plugin's browser tests live in its tests/browser/ and belong to the browser project only
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '/plugins/[^/]+/tests/browser/'],
      testMatch: [
        '<rootDir>/{api,workflows,migrations}/**/*.test.ts',
        '<rootDir>/plugins/*/tests/**/*.test.ts',
        '<rootDir>/tests/{unit,integration}/**/*.test.ts',
        '<rootDir>/tests/fixtures/plugins/*/tests/**/*.test.ts',
        '<rootDir>/tests/emulator/**/*.test.ts',
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
