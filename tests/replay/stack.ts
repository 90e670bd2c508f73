// The stack the recorder drives, as the test run's global setup builds it (tests/setup/global-setup.ts)
// but on its own: embedded PostgreSQL, an in-memory Temporal dev server, the SMTP sink, the API wired to
// the store, marketplace and integrations emulators, and one worker of every plugin (no fixture plugins).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/log';
import { startInfrastructure, ROOT } from '../../api/runtime/stack';
import { freePort } from '../../api/runtime/temporal-dev-server';
import { startPlatformStack } from '../support/platform';
import { startTestWorker } from '../support/worker';

export type Stack = Awaited<ReturnType<typeof startPlatformStack>>;

export async function startRecordingStack(): Promise<{ stack: Stack; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-record-'));
  for (const k of ['TEMPORAL_ADDRESS', 'SMTP_URL', 'DATABASE_URL', 'PLUGIN_DIRS', 'SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'SHOPIFY_EMULATOR_URL'])
    delete process.env[k];
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.RECORD_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ADMIN_DIST: path.join(dataDir, 'admin'),
    TEMPORAL_NAMESPACE: 'plaudit-record',
    TEMPORAL_TASK_QUEUE: 'plaudit-record',
    TEMPORAL_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    POSTGRES_PORT: String(await freePort()),
    SMTP_SINK_PORT: String(await freePort()),
  });
  const config = loadConfig(process.env, ROOT);
  const infra = await startInfrastructure(config, createLogger(process.env.LOG_LEVEL!, 'record-infra'), {
    progress: () => {},
    temporalInMemory: true,
    databaseName: 'plaudit_record',
    emulator: false,
  });
  Object.assign(process.env, infra.env);
  const stack = await startPlatformStack();
  const stopWorker = await startTestWorker(stack.api.config);
  return {
    stack,
    async stop() {
      await stopWorker();
      await stack.close();
      await infra.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
