// A worker of the test's own, on its own task queue, wired to the test's config (its store
// emulator, its Temporal namespace): for tests whose activities call Shopify or that stop workers.
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Config } from '../../api/config';
import { createLogger } from '../../api/log';
import { bundleWorkflows, createActivityDeps, createWorker } from '../../workflows/worker';

export async function bundleFor(config: Config): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflows(config);
}

/** Starts a worker; the returned function stops it and releases its connections. */
export async function startTestWorker(config: Config, bundle?: WorkflowBundleWithSourceMap): Promise<() => Promise<void>> {
  const deps = await createActivityDeps(config, createLogger('silent'));
  const { worker, connection } = await createWorker(config, deps, bundle ?? (await bundleWorkflows(config)));
  const running = worker.run();
  return async () => {
    worker.shutdown();
    await running;
    await connection.close();
    await deps.close();
  };
}
