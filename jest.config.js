// Four projects behind `npm test` (docs/testing.md): static (no services, seconds), node (API,
// workflows, plugins, integration against real PostgreSQL and Temporal), admin (jsdom) and browser
// (Playwright driving Debian's Chromium). Only node and browser start the test stack (global-setup.ts):
// jest runs a project's globalSetup only when that project has tests selected. The browser project's
// set-up (browser-global-setup.ts) also launches the run's one Chromium, which its test files connect to.
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] };
// @plaudit/kernel entries, as tsconfig.json's paths declare them
const moduleNameMapper = {
  '^@plaudit/kernel$': '<rootDir>/api/kernel/index.ts',
  '^@plaudit/kernel/admin$': '<rootDir>/admin/src/kernel.ts',
  '^@plaudit/kernel/workflow$': '<rootDir>/workflows/sandbox.ts',
  '^@plaudit/kernel/testing$': '<rootDir>/tests/support/kernel-testing.ts',
  '^@plaudit/contracts/(.*)$': '<rootDir>/contracts/$1',
};
// plugins kept outside the repository (PLUGIN_DIRS, ':'-separated) bring their tests along
const path = require('node:path');
const externalDirs = (process.env.PLUGIN_DIRS ?? '')
  .split(path.delimiter)
  .filter(Boolean)
  .map((d) => path.resolve(__dirname, d))
  .filter((d) => path.relative(__dirname, d).startsWith('..'));
const shared = { transform, moduleNameMapper, moduleFileExtensions: ['ts', 'tsx', 'js', 'json'], testPathIgnorePatterns: ['/node_modules/', '/.data/'] };
// the real components for a run: PostgreSQL, Temporal, the SMTP sink and the worker
const stack = {
  globalSetup: '<rootDir>/tests/setup/global-setup.ts',
  globalTeardown: '<rootDir>/tests/setup/global-teardown.ts',
  // jest's node environment, noting each file's CPU for the summary reporter
  testEnvironment: '<rootDir>/tests/setup/node-environment.js',
};
// The static project: test files that need no PostgreSQL, Temporal, SMTP sink or worker (they import no
// stack helper: startTestApi, createShop, startPlatformStack, a plugin's tests/helpers.ts...): every
// `*.unit.test.ts` in a plugin's tests/ (outside plugins' too), and all of tests/unit/ and tests/emulator/.
// Offline tests that cost tens of seconds of CPU (the workflow histories' replay bundles every workflow
// with webpack; a process started through tsx) run in the node project instead, to keep this one in seconds.
const pluginUnitTests = '*/tests/**/*.unit.test.ts';
const staticTests = [`plugins/${pluginUnitTests}`, 'tests/unit/**/*.test.ts', 'tests/emulator/**/*.test.ts'];
// jest replaces <rootDir> only at a glob's start, so the node project's exclusions ('!...') spell folders out
const asGlob = (dir) => dir.replace(/[\\()[\]{}*?!+@]/g, '\\$&');

module.exports = {
  reporters: ['default', '<rootDir>/tests/setup/summary-reporter.js'],
  // longest files first, from the recorded times (a fresh clone has no jest cache to order by)
  testSequencer: '<rootDir>/tests/setup/sequencer.js',
  testTimeout: 60_000,
  // Test files mostly wait on PostgreSQL, Temporal, timers and the browser, so four run side by side
  // even on the 2-core CI machine (jest's default there would be one at a time; with two, a sixth of
  // the run's CPU stayed idle, with three a fifth on a 2-core Intel host: docs/testing.md); each has
  // its own shops.
  maxWorkers: Math.max(4, require('node:os').availableParallelism()),
  // A worker keeps every module graph it loaded; after ~100 test files one ran out of heap in CI
  // (stop 25). Past this size a worker is replaced between test files instead.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      displayName: 'static',
      // jest's node environment, noting each file's CPU (the summary's "most CPU" list covers this project too)
      testEnvironment: '<rootDir>/tests/setup/node-environment.js',
      // the helpers that need no services: the full entry loads the whole app for every test file
      moduleNameMapper: { ...moduleNameMapper, '^@plaudit/kernel/testing$': '<rootDir>/tests/support/kernel-testing-static.ts' },
      // without the stack's variables, also when node tests run beside (npm test)
      setupFiles: ['<rootDir>/tests/setup/static-env.ts'],
      roots: ['<rootDir>', ...externalDirs],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '/plugins/[^/]+/tests/browser/'],
      testMatch: [...staticTests.map((glob) => `<rootDir>/${glob}`), ...externalDirs.map((d) => `${asGlob(d)}/${pluginUnitTests}`)],
    },
    {
      ...shared,
      ...stack,
      displayName: 'node',
      roots: ['<rootDir>', ...externalDirs],
      // a plugin's browser tests live in its tests/browser/ and belong to the browser project only
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '/plugins/[^/]+/tests/browser/'],
      testMatch: [
        '<rootDir>/{api,workflows,migrations}/**/*.test.ts',
        '<rootDir>/plugins/*/tests/**/*.test.ts',
        '<rootDir>/tests/integration/**/*.test.ts',
        '<rootDir>/tests/reliability/**/*.test.ts',
        // several processes on PostgreSQL with a replica and the self-hosted Temporal server (issue 31)
        '<rootDir>/tests/scale/**/*.test.ts',
        // replays of the recorded workflow histories: offline, no Temporal server (docs/workflows.md)
        '<rootDir>/tests/replay/**/*.test.ts',
        '<rootDir>/tests/fixtures/plugins/*/tests/**/*.test.ts',
        ...externalDirs.map((d) => `${d}/*/tests/**/*.test.ts`),
        ...staticTests.map((glob) => `!${asGlob(__dirname)}/${glob}`),
        ...externalDirs.map((d) => `!${asGlob(d)}/${pluginUnitTests}`),
      ],
    },
    {
      ...shared,
      displayName: 'admin',
      testEnvironment: 'jsdom',
      // what react-router needs at import time and jsdom lacks, for every admin test (the shell's and plugins')
      setupFiles: ['<rootDir>/admin/src/jsdom-polyfills.ts'],
      testMatch: ['<rootDir>/admin/**/*.test.{ts,tsx}', '<rootDir>/plugins/*/admin/**/*.test.{ts,tsx}'],
    },
    {
      ...shared,
      ...stack,
      // the stack (once, also beside node tests) and the run's Chromium
      globalSetup: '<rootDir>/tests/setup/browser-global-setup.ts',
      displayName: 'browser',
      testMatch: ['<rootDir>/tests/browser/**/*.test.ts', '<rootDir>/plugins/*/tests/browser/**/*.test.ts'],
    },
  ],
};
