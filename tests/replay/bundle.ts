// The workflow code to replay against, bundled by the worker's own bundling (workflows/worker.ts):
// the kernel's workflows and every plugin's under the given plugin roots (production: plugins/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DefaultLogger, Runtime, Worker, type WorkflowBundleOption, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { loadConfig } from '../../api/config';
import { discoverPlugins } from '../../api/plugins/discover';
import { ROOT } from '../../api/runtime/stack';
import { bundleWorkflows } from '../../workflows/worker';
import { KERNEL_WORKFLOWS } from '../../workflows/registry';
import { workflowBundlePath } from '../setup/workflow-bundle';
import type { History } from './histories';

export const PRODUCTION_PLUGINS = path.join(ROOT, 'plugins');

export async function bundleFor(pluginRoots: string[] = [PRODUCTION_PLUGINS]): Promise<WorkflowBundleWithSourceMap> {
  // the generated entry goes to a throw-away data folder, as a worker's goes to its DATA_DIR
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-replay-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }, ROOT);
    return await bundleWorkflows({ ...config, pluginDirs: pluginRoots });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Today's workflow code of every plugin: the test run's own bundle when it has one (its global setup
 * made it; the fixture plugins' workflows beside them are types no recorded history names), else a new one.
 */
export async function currentBundle(): Promise<WorkflowBundleOption> {
  const run = loadConfig(process.env, ROOT);
  const file = workflowBundlePath(run);
  if (run.pluginDirs.includes(PRODUCTION_PLUGINS) && fs.existsSync(file)) return { codePath: file };
  return bundleFor();
}

/** Every workflow type the worker runs: the kernel's and each plugin's workflows/index.ts exports. */
export function workflowTypes(pluginRoots: string[] = [PRODUCTION_PLUGINS]): string[] {
  const modules = [KERNEL_WORKFLOWS, ...discoverPlugins(pluginRoots).flatMap((p) => (p.sides.workflows ? [p.sides.workflows] : []))];
  return modules
    .flatMap((m) =>
      Object.entries(require(m) as Record<string, unknown>)
        .filter(([, v]) => typeof v === 'function')
        .map(([k]) => k),
    )
    .sort();
}

/** Replays each history against the bundle; the error of each one that did not replay, by its key. */
export async function replay(workflowBundle: WorkflowBundleOption, histories: { key: string; history: History }[]): Promise<Map<string, Error>> {
  const failed = new Map<string, Error>();
  // the replay worker's start and stop are not news; its errors are the results below
  if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('ERROR') });
  const results = Worker.runReplayHistories(
    { workflowBundle, replayName: 'plaudit-replay' },
    histories.map(({ key, history }) => ({ workflowId: key, history })),
  );
  for await (const r of results) if (r.error) failed.set(r.workflowId, r.error);
  return failed;
}
