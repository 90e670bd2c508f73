// A worker of the test's own, on its own task queue, wired to the test's config (its store
// emulator, its Temporal namespace): for tests whose activities call Shopify or that stop workers.
import fs from 'node:fs';
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Config } from '../../api/config';
import { createLogger } from '../../api/log';
import { workflowBundlePath, writeWorkflowBundle } from '../setup/workflow-bundle';

/** The run's bundle of the config's plugin folders: the global setup's, or one made now for other folders. */
async function bundleFile(config: Config): Promise<string> {
  const file = workflowBundlePath(config);
  return fs.existsSync(file) ? file : writeWorkflowBundle(config);
}

export async function bundleFor(config: Config): Promise<WorkflowBundleWithSourceMap> {
  // the SDK inlines the source map in the code; the separate field is deprecated and unread
  return { code: fs.readFileSync(await bundleFile(config), 'utf8'), sourceMap: '' };
}

/** Starts a worker; the returned function stops it and releases its connections. */
export async function startTestWorker(config: Config, bundle?: WorkflowBundleWithSourceMap): Promise<() => Promise<void>> {
  // loaded here: every node test file imports this module through @plaudit/kernel/testing, and only
  // the few that start a worker need the Temporal worker SDK (about 3 MB of JavaScript per file)
  const { createActivityDeps, createWorker } = await import('../../workflows/worker');
  const deps = await createActivityDeps(config, createLogger('silent'));
  const { worker, connection } = await createWorker(config, deps, bundle ?? { codePath: await bundleFile(config) });
  const running = worker.run();
  return async () => {
    worker.shutdown();
    await running;
    await connection.close();
    await deps.close();
  };
}
