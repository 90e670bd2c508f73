// The whole stack in one process outside jest, as the test run's global setup builds it
// (tests/setup/global-setup.ts) but on its own: embedded PostgreSQL, an in-memory Temporal dev server,
// the SMTP sink, the API wired to the store, marketplace and integrations emulators, and one worker of
// every plugin (no fixture plugins). The history recorder (tests/replay) and benches start it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/log';
import { startInfrastructure, ROOT } from '../../api/runtime/stack';
import { freePort } from '../../api/runtime/temporal-dev-server';
import { startPlatformStack } from './platform';
import { startTestWorker } from './worker';

export type StandaloneStack = Awaited<ReturnType<typeof startPlatformStack>>;

/** `name`: the Temporal namespace and task queue, the database's and the data folder's prefix. */
export async function startStandaloneStack(name = 'plaudit-standalone'): Promise<{ stack: StandaloneStack; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  for (const k of ['TEMPORAL_ADDRESS', 'SMTP_URL', 'DATABASE_URL', 'PLUGIN_DIRS', 'SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'SHOPIFY_EMULATOR_URL'])
    delete process.env[k];
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.RECORD_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ADMIN_DIST: path.join(dataDir, 'admin'),
    TEMPORAL_NAMESPACE: name,
    TEMPORAL_TASK_QUEUE: name,
    TEMPORAL_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    POSTGRES_PORT: String(await freePort()),
    SMTP_SINK_PORT: String(await freePort()),
  });
  const config = loadConfig(process.env, ROOT);
  const infra = await startInfrastructure(config, createLogger(process.env.LOG_LEVEL!, `${name}-infra`), {
    progress: () => {},
    temporalInMemory: true,
    databaseName: name.replace(/-/g, '_'),
    emulator: false,
  });
  Object.assign(process.env, infra.env);
  const stop = async () => {
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let stack: StandaloneStack;
  let stopWorker: () => Promise<void>;
  try {
    stack = await startPlatformStack();
    stopWorker = await startTestWorker(stack.api.config).catch(async (err) => {
      await stack.close();
      throw err;
    });
  } catch (err) {
    // no PostgreSQL or Temporal left behind when the app does not start
    await stop();
    throw err;
  }
  return {
    stack,
    async stop() {
      await stopWorker();
      await stack.close();
      await stop();
    },
  };
}
