// The same stack and worker, its workflows bundled by webpack for this file: what every worker test
// file paid before the run's bundle was shared.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { bundleWorkflows } from '../../../workflows/worker';
import { record } from './record';

let stack: Awaited<ReturnType<typeof startPlatformStack>>;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `probe-new-bundle-${process.pid}` });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-bundle-'));
  stopWorker = await startTestWorker(stack.api.config, await bundleWorkflows({ ...stack.api.config, dataDir: scratch }));
  fs.rmSync(scratch, { recursive: true, force: true });
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
  record('worker-new-bundle');
});

test('the API answers', async () => {
  expect((await fetch(`${stack.api.url}/api/health`)).status).toBe(200);
});
