// The worker process: one Temporal worker running every plugin's workflows and activities.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleOption, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { loadConfigOrExit, type Config } from '../api/config';
import { createKnex } from '../api/db/knex';
import { createLogger, type Logger } from '../api/log';
import { discoverPlugins } from '../api/plugins/discover';
import { CONTRACTS_DIR, KERNEL_ENTRIES } from '../api/plugins/kernel-paths';
import { resolveEncryptionKey } from '../api/runtime/encryption-key';
import { createKernelServices } from '../api/kernel/assemble';
import { createMailer } from '../api/mail/transport';
import { connectionOptions, TemporalGateway } from '../api/temporal/connection';
import { WorkflowOutbox } from '../api/temporal/outbox';
import { createPlatform } from '../api/platform';
import type { ActivityDeps } from './plugin';
import { loadActivities, writeWorkflowsEntry } from './registry';

export async function bundleWorkflows(config: Config): Promise<WorkflowBundleWithSourceMap> {
  const entry = writeWorkflowsEntry(discoverPlugins(config.pluginDirs), path.join(config.dataDir, 'cache'));
  return bundleWorkflowCode({
    workflowsPath: entry,
    // The generated entry lives under DATA_DIR; resolve packages from the app's node_modules.
    // Workflow code may import only the sandbox-safe kernel entry.
    webpackConfigHook: (c) => ({
      ...c,
      resolve: {
        ...c.resolve,
        alias: {
          ...(c.resolve?.alias as object),
          '@plaudit/kernel/workflow$': KERNEL_ENTRIES['@plaudit/kernel/workflow'],
          '@plaudit/contracts': CONTRACTS_DIR,
        },
        modules: [...(c.resolve?.modules ?? ['node_modules']), path.resolve(__dirname, '../node_modules')],
      },
    }),
    logger: {
      trace() {},
      debug() {},
      info() {},
      warn() {},
      error(m: string) {
        console.error(m);
      },
    } as never,
  });
}

/** The workflows bundled once by `npm run build` (scripts/build.ts), beside the compiled worker. */
export const WORKFLOW_BUNDLE = path.join(__dirname, 'workflow-bundle.js');

/**
 * What this worker loads, first found first:
 * - PLAUDIT_WORKFLOW_BUNDLE, a file made beforehand (the test run's global set-up bundles once for all its
 *   workers), or made by the first worker that finds it missing: `npm start` names one per start, so a worker
 *   it restarts after a crash loads its predecessor's bundle in a moment instead of bundling again;
 * - the build's bundle beside the compiled worker;
 * - run from source, a bundle made now. A compiled worker has no TypeScript to bundle, so a missing bundle stops it.
 */
export async function workflowBundle(config: Config): Promise<WorkflowBundleOption> {
  const named = process.env.PLAUDIT_WORKFLOW_BUNDLE;
  if (named && fs.existsSync(named)) return { codePath: named };
  if (fs.existsSync(WORKFLOW_BUNDLE)) return { codePath: WORKFLOW_BUNDLE };
  if (path.extname(__filename) === '.js') throw new Error(`${WORKFLOW_BUNDLE} is missing: build with \`npm run build\``);
  const bundle = await bundleWorkflows(config);
  if (named) writeAtomically(named, bundle.code);
  return bundle;
}

/** Under a temporary name, then renamed: a worker starting meanwhile finds the whole file or none. */
export function writeAtomically(file: string, code: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(partial, code);
  fs.renameSync(partial, file);
}

export async function createActivityDeps(
  config: Config,
  log: Logger,
  discovered = discoverPlugins(config.pluginDirs),
): Promise<ActivityDeps & { close(): Promise<void> }> {
  if (!config.database.url) throw new Error('DATABASE_URL is not set: start the whole app with `npm start`');
  if (!config.smtp.url) throw new Error('SMTP_URL is not set: start the whole app with `npm start`');
  if (!config.encryptionKey) throw new Error('ENCRYPTION_KEY is not resolved');
  const knex = createKnex(config.database.url);
  const temporal = new TemporalGateway(config, await Connection.connect(connectionOptions(config)));
  const mailer = createMailer(config);
  const platform = createPlatform(config, log, knex, config.encryptionKey);
  const outbox = new WorkflowOutbox(knex, { client: temporal.client, taskQueue: config.temporal.taskQueue }, log);
  const kernel = createKernelServices({ config, log, knex, temporal, outbox, mailer, platform, encryptionKey: config.encryptionKey }, discovered);
  return {
    ...kernel,
    async close() {
      await outbox.close();
      mailer.close();
      await kernel.mail.close();
      await temporal.close();
      await kernel.reads.close();
      await knex.destroy();
    },
  };
}

export async function createWorker(config: Config, deps: ActivityDeps, workflowBundle: WorkflowBundleOption) {
  const connection = await NativeConnection.connect(connectionOptions(config) as never);
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    workflowBundle,
    activities: loadActivities(discoverPlugins(config.pluginDirs), deps),
  });
  return { worker, connection };
}

async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'worker');
  const encryptionKey = resolveEncryptionKey(config);
  const deps = await createActivityDeps({ ...config, encryptionKey }, log);
  const { worker, connection } = await createWorker(config, deps, await workflowBundle(config));
  // The SDK's Runtime shuts the worker down on SIGINT/SIGTERM; run() then returns.
  log.info({ taskQueue: config.temporal.taskQueue, namespace: config.temporal.namespace }, 'worker running');
  const running = worker.run();
  process.send?.('ready');
  await running;
  await connection.close();
  await deps.close();
  log.info('worker stopped');
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
