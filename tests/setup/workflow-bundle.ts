// The test run's workflow bundles. Bundling every workflow with webpack costs about 15 s of CPU, and a
// run's workers all load the same code: one bundle per set of plugin folders per run, kept under the
// run's DATA_DIR (fresh each run, so never stale). The global setup writes the run's own before any
// worker starts; a worker whose config names other folders bundles once for those, on first use.
// Run through tsx (`node --import tsx tests/setup/workflow-bundle.ts`), it writes the bundle for the
// environment's config: the global setup runs it beside the stack's start, as jest's set-up does not
// resolve the tsconfig paths the workflow modules import.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../api/config';

/** Where the bundle of these plugin folders lives in a run's DATA_DIR (the folders as the config resolved them). */
export function workflowBundlePath(config: { dataDir: string; pluginDirs: string[] }): string {
  const key = crypto.createHash('sha256').update(JSON.stringify(config.pluginDirs)).digest('hex').slice(0, 16);
  return path.join(config.dataDir, 'workflow-bundles', `${key}.js`);
}

/** Bundles the config's workflows into its run's cache (workflowBundlePath) and returns the file. */
export async function writeWorkflowBundle(config: Config): Promise<string> {
  // loaded here only: the worker module brings the whole kernel along
  const { bundleWorkflows, writeAtomically } = await import('../../workflows/worker');
  // the generated entry goes to a scratch folder: two bundles at once must not share it
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bundle-'));
  try {
    const file = workflowBundlePath(config);
    writeAtomically(file, (await bundleWorkflows({ ...config, dataDir: scratch })).code);
    return file;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The run's bundle for the config's plugins, made now if no one made it yet: a worker process a test starts loads it (PLAUDIT_WORKFLOW_BUNDLE) instead of bundling. */
export async function workflowBundleFile(config: Config): Promise<string> {
  const file = workflowBundlePath(config);
  return fs.existsSync(file) ? file : writeWorkflowBundle(config);
}

async function main() {
  const { loadConfig } = await import('../../api/config');
  const { ROOT } = await import('../../api/runtime/stack');
  console.log(await writeWorkflowBundle(loadConfig(process.env, ROOT)));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
