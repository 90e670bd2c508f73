// Where the @plaudit/kernel entries live: read by the admin build (vite alias) and the worker's
// workflow bundle (webpack alias); tsx, tsc and jest read the same map from tsconfig.json / jest.config.js.
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export const KERNEL_ENTRIES: Record<string, string> = {
  '@plaudit/kernel': path.join(ROOT, 'api/kernel/index.ts'),
  '@plaudit/kernel/admin': path.join(ROOT, 'admin/src/kernel.ts'),
  '@plaudit/kernel/workflow': path.join(ROOT, 'workflows/sandbox.ts'),
  '@plaudit/kernel/testing': path.join(ROOT, 'tests/support/kernel-testing.ts'),
};

/** `@plaudit/contracts/<provider>`: the typed references between plugins (contracts/). */
export const CONTRACTS_DIR = path.join(ROOT, 'contracts');
