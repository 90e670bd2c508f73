import path from 'node:path';
import type { Config } from './config';
import { createKnex } from './db/knex';
import { EventBus } from './events';
import type { Logger } from './log';
import { discoverPlugins, type DiscoveredPlugin } from './plugins/discover';
import { loadApiPlugins } from './plugins/load';
import type { ApiPlugin, ApiServices } from './plugins/types';
import { TemporalGateway } from './temporal/connection';
import { createPlatform } from './platform';

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
  const discovered = discoverPlugins(config.pluginDirs);
  const plugins = loadApiPlugins(discovered);
  for (const p of plugins) for (const model of p.models ?? []) model.knex(knex);
  return {
    services: { config, log, knex, temporal, events: new EventBus(log), platform: createPlatform(config, log, knex, encryptionKey), reviewFeed: plugins.find((p) => p.reviewFeed)?.reviewFeed },
    discovered,
    plugins,
    async close() {
      await temporal.close();
      await knex.destroy();
    },
  };
}

export const KERNEL_MIGRATIONS = path.resolve(__dirname, '../migrations');
