import type { Config } from './config';
import { createKnex } from './db/knex';
import { createKernelServices } from './kernel/assemble';
import { createMailer } from './mail/transport';
import type { Logger } from './log';
import { discoverPlugins, type DiscoveredPlugin } from './plugins/discover';
import { loadApiPlugins } from './plugins/load';
import type { ApiPlugin, ApiServices } from './plugins/types';
import { TemporalGateway } from './temporal/connection';
import { WorkflowOutbox } from './temporal/outbox';
import { createPlatform } from './platform';
import { ensureSchedule } from './temporal/schedules';
import { sweepStarts } from './platform/webhook-intake';
import { OutboxSweep } from './temporal/kernel-workflows';

export interface ApiRuntime {
  services: ApiServices;
  discovered: DiscoveredPlugin[];
  plugins: ApiPlugin[];
  close(): Promise<void>;
}

/** Connects the API's services (database pool, Temporal client, event bus) and loads plugins. */
export function createApiRuntime(config: Config, log: Logger): ApiRuntime {
  const encryptionKey = config.encryptionKey;
  if (!encryptionKey) throw new Error('ENCRYPTION_KEY is not resolved');
  if (!config.database.url) {
    throw new Error('DATABASE_URL is not set: start the whole app with `npm start`, or point DATABASE_URL at PostgreSQL');
  }
  const knex = createKnex(config.database.url);
  const temporal = new TemporalGateway(config);
  const outbox = new WorkflowOutbox(knex, { client: temporal.client, taskQueue: config.temporal.taskQueue }, log);
  const mailer = createMailer(config);
  const discovered = discoverPlugins(config.pluginDirs);
  const plugins = loadApiPlugins(discovered);
  const platform = createPlatform(config, log, knex, encryptionKey);
  const kernel = createKernelServices({ config, log, knex, temporal, outbox, mailer, platform, encryptionKey }, discovered);
  return {
    services: kernel,
    discovered,
    plugins,
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

/**
 * The kernel's own start-up work, before the plugins' onStart: the outbox sweep's schedule, and one
 * sweep now for starts a previous process recorded but never handed over (and webhook deliveries
 * an older version left without one). Neither waits on an
 * unreachable Temporal (the outbox retries by itself).
 */
export async function startKernel(services: ApiServices) {
  await ensureSchedule(services, { scheduleId: 'kernel-outbox-sweep', every: '1 minute', workflow: OutboxSweep });
  void sweepStarts(services.knex, services.outbox).catch((err) => services.log.warn({ err: (err as Error).message }, 'outbox sweep at start failed'));
}
