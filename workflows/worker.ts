// The worker process: one Temporal worker running every plugin's workflows and activities.
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import nodemailer from 'nodemailer';
import { tenantFor } from '../api/auth/tenant';
import { loadConfigOrExit, type Config } from '../api/config';
import { createKnex } from '../api/db/knex';
import { createLogger, type Logger } from '../api/log';
import { discoverPlugins } from '../api/plugins/discover';
import { resolveEncryptionKey } from '../api/runtime/encryption-key';
import { connectionOptions } from '../api/temporal/connection';
import { createPlatform } from '../api/platform';
import type { ActivityDeps } from './plugin';
import { loadActivities, writeWorkflowsEntry } from './registry';

export async function bundleWorkflows(config: Config): Promise<WorkflowBundleWithSourceMap> {
  const entry = writeWorkflowsEntry(discoverPlugins(config.pluginDirs), path.join(config.dataDir, 'cache'));
  return bundleWorkflowCode({
    workflowsPath: entry,
    // The generated entry lives under DATA_DIR; resolve packages from the app's node_modules.
    webpackConfigHook: (c) => ({ ...c, resolve: { ...c.resolve, modules: [...(c.resolve?.modules ?? ['node_modules']), path.resolve(__dirname, '../node_modules')] } }),
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error(m: string) { console.error(m); } } as never,
  });
}

/** The pooled SMTP transport the activities share: up to 5 connections, reused between messages. */
export function createMailer(url: string) {
  // Pool options go in the transport options; a second argument would only be message defaults.
  return nodemailer.createTransport({ url, pool: true, maxConnections: 5 });
}

export async function createActivityDeps(config: Config, log: Logger): Promise<ActivityDeps & { close(): Promise<void> }> {
  if (!config.database.url) throw new Error('DATABASE_URL is not set: start the whole app with `npm start`');
  if (!config.smtp.url) throw new Error('SMTP_URL is not set: start the whole app with `npm start`');
  const knex = createKnex(config.database.url);
  const connection = await Connection.connect(connectionOptions(config));
  const mailer = createMailer(config.smtp.url);
  const platform = config.encryptionKey ? createPlatform(config, log, knex, config.encryptionKey) : undefined;
  return {
    platform,
    config,
    log,
    knex,
    mailer,
    temporal: new Client({ connection, namespace: config.temporal.namespace }),
    tenantFor,
    async close() {
      mailer.close();
      await connection.close();
      await knex.destroy();
    },
  };
}

export async function createWorker(config: Config, deps: ActivityDeps, workflowBundle: WorkflowBundleWithSourceMap) {
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
  const bundle = await bundleWorkflows(config);
  const { worker, connection } = await createWorker(config, deps, bundle);
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
