// Starts the real components the app needs, each replaced by its variable when set:
// PostgreSQL (DATABASE_URL), Temporal (TEMPORAL_ADDRESS), SMTP (SMTP_URL), and for `npm start`
// Apertium APy when installed (APERTIUM_URL). Used by `npm start` and by the test suite's global setup.
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { createKnex } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import type { Logger } from '../log';
import { discoverPlugins } from '../plugins/discover';
import { connectionOptions, ensureNamespace, ensureSearchAttributes, temporalAddress } from '../temporal/connection';
import { SEARCH_ATTRIBUTES } from '../temporal/search-attributes';
import { DEMO_SHOP, DEMO_SISTER_SHOP } from '../shops/demo-shop';
import { loadConfig, type Config } from '../config';
import { startEmbeddedApertium } from './apertium';
import { installEmulatorShop, startDevEmulator } from './emulator';
import { resolveEncryptionKey } from './encryption-key';
import { startEmbeddedPostgres } from './postgres';
import { startSmtpSink } from './smtp-sink';
import { buildTemporalCli, findTemporalCli, goAvailable } from './temporal-cli';
import { startOnFreshPorts } from './ports';
import { startDownloadedDevServer, startTemporalDevServer, type DevServerOptions } from './temporal-dev-server';

export const ROOT = path.resolve(__dirname, '../..');

export interface Infrastructure {
  /** variables that point the API and worker processes at what was started */
  env: Record<string, string>;
  services: { name: string; url: string; embedded: boolean }[];
  stop(): Promise<void>;
}

export interface InfrastructureOptions {
  progress: (line: string) => void;
  /** a dev server without a database file (tests) */
  temporalInMemory?: boolean;
  databaseName?: string;
  /** start the store emulator when no Shopify credentials are set (default true) */
  emulator?: boolean;
  /**
   * start Apertium APy (review translation) when it is installed and APERTIUM_URL is unset; default:
   * on for `npm start`, off for the throw-away stacks (temporalInMemory: the test suite, benchmarks),
   * whose tests start their own
   */
  apertium?: boolean;
  /**
   * false: the embedded PostgreSQL runs without fsync (the test suite's database, in a temporary
   * folder made for one run); benchmarks and `npm start` keep the default, durable
   */
  durable?: boolean;
}

export async function startInfrastructure(config: Config, log: Logger, o: InfrastructureOptions): Promise<Infrastructure> {
  const stops: (() => Promise<void>)[] = [];
  // the test suite's and the benchmarks' stack: its ports are anyone's (npm start's are configured)
  const throwAway = !!o.temporalInMemory;
  const services: Infrastructure['services'] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((err) => log.warn({ err }, 'stopping a component failed'));
  };
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const encryptionKey = resolveEncryptionKey(config);

    let databaseUrl = config.database.url;
    if (!databaseUrl) {
      o.progress(`starting PostgreSQL (embedded, data in ${path.join(config.dataDir, 'postgres')})`);
      const start = ([port]: number[]) => startEmbeddedPostgres(config.dataDir, port, o.databaseName ?? 'plaudit', log, { durable: o.durable, socket: true });
      const pg = throwAway
        ? await startOnFreshPorts([config.database.embeddedPort], start, (err) =>
            log.warn({ err }, 'the PostgreSQL port was taken meanwhile: trying a fresh one'),
          )
        : await start([config.database.embeddedPort]);
      stops.push(pg.stop);
      databaseUrl = pg.url;
    }
    services.push({ name: 'PostgreSQL', url: redactPassword(databaseUrl), embedded: !config.database.url });

    const shopifyEnv: Record<string, string> = {};
    // One short-lived pool for the start-up work: migrations, then the demo shop's install.
    const knex = createKnex(databaseUrl, { min: 0, max: 2 });
    try {
      o.progress('running migrations');
      const { applied, removedPlugins } = await migrateLatest(knex, path.join(ROOT, 'migrations'), discoverPlugins(config.pluginDirs));
      if (applied.length) o.progress(`applied ${applied.length} migration(s)`);
      for (const id of removedPlugins) o.progress(`plugin "${id}" was removed; its tables stay until \`npm run plaudit -- plugins:drop ${id}\``);
      if (!config.shopify.apiKey && o.emulator !== false) {
        o.progress('starting the store emulator (no SHOPIFY_API_KEY: Shopify is emulated locally)');
        const emulator = await startDevEmulator(config, log);
        stops.push(emulator.stop);
        Object.assign(shopifyEnv, emulator.env);
        services.push({ name: 'Store emulator', url: `${emulator.url}  (demo storefront: ${emulator.url}/collections/all)`, embedded: true });
        if (!config.marketplaceBaseUrl) {
          // AliExpress and Amazon for marketplace imports, which cannot reach the real ones here either
          const { startMarketplaceEmulator } = await import('../../emulator/marketplaces');
          const marketplaces = await startMarketplaceEmulator({
            port: 0,
            log: { info: (...a: unknown[]) => log.debug({ marketplaces: a }), warn: (...a: unknown[]) => log.warn({ marketplaces: a }) },
          });
          stops.push(marketplaces.stop);
          shopifyEnv.MARKETPLACE_BASE_URL = marketplaces.url;
          services.push({ name: 'Marketplace emulator', url: `${marketplaces.url}  (https://<host>/<path> at /hosts/<host>/<path>)`, embedded: true });
        }
        if (!config.integrationsBaseUrl) {
          // the integrations' vendors (Klaviyo, Omnisend, Smile.io ...), out of reach here too
          const { startIntegrationsEmulator } = await import('../../emulator/integrations');
          const integrations = await startIntegrationsEmulator({ port: 0, demo: true, demoWebhooks: { appUrl: config.appUrl, shop: DEMO_SHOP } });
          stops.push(integrations.stop);
          shopifyEnv.INTEGRATIONS_BASE_URL = integrations.url;
          services.push({ name: 'Integrations emulator', url: `${integrations.url}  (https://<host>/<path> at /hosts/<host>/<path>)`, embedded: true });
        }
        const withEmulator = loadConfig({ ...process.env, ...emulator.env, DATABASE_URL: databaseUrl }, ROOT);
        const installing = { ...withEmulator, dataDir: config.dataDir, appUrl: config.appUrl };
        await installEmulatorShop(installing, log, knex, encryptionKey, DEMO_SHOP);
        // its sister store in France, linked to it by plugins/store-links (reviews shared by SKU)
        await installEmulatorShop(installing, log, knex, encryptionKey, DEMO_SISTER_SHOP);
        o.progress(`installed the demo shop ${DEMO_SHOP} and its sister store ${DEMO_SISTER_SHOP}`);
      }
    } finally {
      await knex.destroy();
    }

    let address = config.temporal.address;
    if (!address) {
      const devOptions = {
        port: config.temporal.devPort,
        uiPort: config.temporal.uiPort,
        namespace: config.temporal.namespace,
        dbFile: o.temporalInMemory ? undefined : path.join(config.dataDir, 'temporal', 'temporal.db'),
        log,
      };
      let cli = findTemporalCli(config.temporal.cliPath);
      if (!cli && goAvailable()) cli = await buildTemporalCli(o.progress);
      if (cli) o.progress(`starting the Temporal dev server (${cli})`);
      else o.progress('no Temporal CLI and no Go: downloading the dev server through the Temporal SDK');
      const dev = cli ? await startDevServerRetryingPorts(cli, devOptions, throwAway) : await startDownloadedDevServer(devOptions);
      stops.push(dev.stop);
      address = dev.address;
      services.push({ name: 'Temporal Web UI', url: dev.uiUrl, embedded: true });
    }
    services.push({ name: 'Temporal', url: address, embedded: !config.temporal.address });

    const connection = await Connection.connect({ ...connectionOptions(config), address: address ?? temporalAddress(config) });
    try {
      await ensureNamespace(connection, config.temporal.namespace, log);
      await ensureSearchAttributes(connection, config.temporal.namespace, SEARCH_ATTRIBUTES, log);
    } finally {
      await connection.close();
    }

    let smtpUrl = config.smtp.url;
    if (!smtpUrl) {
      // in our own process: a throw-away stack's sink takes any free port, its URL says which
      const sink = await startSmtpSink(config.dataDir, throwAway ? 0 : config.smtp.sinkPort, log);
      stops.push(sink.stop);
      smtpUrl = sink.url;
      services.push({ name: 'SMTP sink (mail kept in ' + path.join(config.dataDir, 'mail') + ')', url: smtpUrl, embedded: true });
    } else {
      services.push({ name: 'SMTP', url: redactPassword(smtpUrl), embedded: false });
    }

    const apertiumEnv: Record<string, string> = {};
    const apertium = o.apertium ?? !throwAway;
    if (apertium && config.apertiumUrl) services.push({ name: 'Apertium APy', url: config.apertiumUrl, embedded: false });
    else if (apertium) {
      const apy = await startEmbeddedApertium(log, o.progress);
      if (apy) {
        stops.push(apy.stop);
        apertiumEnv.APERTIUM_URL = apy.url;
        services.push({ name: 'Apertium APy', url: `${apy.url}  (${apy.modes.join(', ')})`, embedded: true });
      }
    }

    return {
      env: {
        DATABASE_URL: databaseUrl,
        TEMPORAL_ADDRESS: address,
        SMTP_URL: smtpUrl,
        ENCRYPTION_KEY: encryptionKey.toString('hex'),
        DATA_DIR: config.dataDir,
        ...shopifyEnv,
        ...apertiumEnv,
      },
      services,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * A throw-away stack's Temporal ports come from freePort(), so another process can bind one before
 * the dev server does (CI saw "bind: address already in use" once); such a stack tries again on
 * fresh ports. Configured ports (npm start) are never swapped: that clash is reported.
 */
function startDevServerRetryingPorts(cli: string, o: Omit<DevServerOptions, 'cli'>, throwAway: boolean) {
  const start = ([port, uiPort]: number[]) => startTemporalDevServer({ cli, ...o, port, uiPort });
  if (!throwAway) return start([o.port, o.uiPort]);
  return startOnFreshPorts([o.port, o.uiPort], start, (err) => o.log.warn({ err }, 'a Temporal dev server port was taken meanwhile: trying fresh ports'));
}

function redactPassword(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
