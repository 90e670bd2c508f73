// The repository's node project (its global setup: PostgreSQL, Temporal, the SMTP sink, the worker),
// running only the probes of bench/test-file-cost.ts instead of the tests.
const path = require('node:path');
const base = require('../../jest.config.js');
const node = base.projects.find((p) => p.displayName === 'node');
const rootDir = path.resolve(__dirname, '../..');

module.exports = {
  rootDir,
  testTimeout: base.testTimeout,
  projects: [
    {
      ...node,
      rootDir,
      displayName: 'test-file-cost',
      roots: ['<rootDir>/bench/test-file-cost'],
      testMatch: ['<rootDir>/bench/test-file-cost/runs/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      // the clock of each probe starts before its file's modules load
      setupFiles: ['<rootDir>/bench/test-file-cost/start-clock.ts'],
    },
  ],
};
