// The set-up of node tests that need the platform stack with a worker of their own: one stack per
// test file, its workflows on the file's own task queue, run by a worker that knows this stack's
// emulators (the run's shared worker does not).
import type { PlatformStack } from './platform-browser';
import { startPlatformStack } from './platform';
import { startTestWorker } from './worker';

/**
 * Starts the stack (task queue `<name>-<pid>`) and its worker before the file's tests and stops both
 * after them. Call at the top level; read `stack` inside tests (it is set in beforeAll).
 */
export function usePlatformStackWithWorker(name: string, overrides: Record<string, string> = {}): { readonly stack: PlatformStack } {
  const env = {} as { stack: PlatformStack };
  let stopWorker: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    env.stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `${name}-${process.pid}`, ...overrides });
    stopWorker = await startTestWorker(env.stack.api.config);
  }, 120_000);
  afterAll(async () => {
    await stopWorker?.();
    await env.stack?.close();
  });
  return env;
}
