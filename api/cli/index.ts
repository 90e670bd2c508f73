// The ops CLI: `npm run plaudit -- <command>`. Run without a command for help. What only one command
// needs is imported by that command: the whole app (`start`, about 2 s of CPU to load), Temporal's
// client (`workflows`, about 0.9 s), the store emulator (`demo:*`); `token` and `help` answer without them.
import { parseArgs } from 'node:util';
import { signAppToken, appTokenKey } from '../auth/app-token';
import { ConfigError, loadConfig, type Config } from '../config';
import { createKnex } from '../db/knex';
import { KERNEL_MIGRATIONS, migrateLatest } from '../db/migrations';
import { dropPluginData } from '../db/plugin-schema';
import { createLogger, type Logger } from '../log';
import { discoverPlugins, PLUGIN_ID } from '../plugins/discover';
import { resolveEncryptionKey } from '../runtime/encryption-key';
import { startEmbeddedPostgres } from '../runtime/postgres';
import { readRuntimeFile } from '../runtime/runtime-file';
import { SHOP_DOMAIN } from '../http/security';
import { CommandError, pluginCommands } from './plugin-commands';

const HELP = `Usage: npm run plaudit -- <command> [options]

  start                          start the whole app on embedded defaults (what npm start runs)
  migrate                        apply the kernel's and every plugin's migrations
  plugins:drop <id>              remove what a deleted plugin folder left in the database: the tables
                                 its migrations created, its settings and its migration rows
                                 (refused while the plugin's folder is still installed)
  token --shop <domain> [--days N]
                                 print a standalone API token for the shop (last line),
                                 for Authorization: Bearer <token>; valid N days (default 30)
  workflows --shop <domain> [--status Running|Completed|Failed|...] [--limit N]
                                 list the shop's workflows with their status

Store emulator (with npm start running on embedded defaults):
  demo:order --shop <domain> [--country XX] [--email <buyer>] [--discount CODE] [--fulfill] [--deliver]
                                 place an order (webhooks follow), with a discount code if given; prints the order id last
  demo:fulfill --shop <domain> --order <id>     fulfill it
  demo:deliver --shop <domain> --order <id>     mark it delivered
  demo:uninstall --shop <domain>                uninstall the app (app/uninstalled)
  demo:compliance --shop <domain> --topic customers/data_request|customers/redact|shop/redact [--email <customer>]

Plugins' commands (<plugin>:<command> or its alias, from plugins/<id>/cli/index.ts):
`;

/** The running stack's database when `npm start` is up, else DATABASE_URL, else a temporary embedded one. */
async function withDatabase<T>(config: Config, log: Logger, fn: (url: string) => Promise<T>): Promise<T> {
  const url = config.database.url ?? readRuntimeFile(config.dataDir)?.env.DATABASE_URL;
  if (url) return fn(url);
  const pg = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, 'plaudit', log);
  try {
    return await fn(pg.url);
  } finally {
    await pg.stop();
  }
}

function requireShop(values: { shop?: string }): string {
  if (!values.shop || !SHOP_DOMAIN.test(values.shop)) throw new UsageError('--shop must be a shop domain like my-store.myshopify.com');
  return values.shop;
}

class UsageError extends Error {}

const KERNEL_COMMANDS = [
  'start',
  'migrate',
  'plugins:drop',
  'token',
  'workflows',
  'demo:order',
  'demo:fulfill',
  'demo:deliver',
  'demo:uninstall',
  'demo:compliance',
];

/** `<plugin>:<command>` (or its alias): the plugin parses its own arguments and runs against the app's database. */
async function runPluginCommand(command: string, args: string[]): Promise<boolean> {
  process.env.NODE_ENV ??= 'development';
  const config = loadConfig();
  const plugin = pluginCommands(discoverPlugins(config.pluginDirs), KERNEL_COMMANDS).get(command);
  if (!plugin) return false;
  const appApi = (shop: string) => {
    const key = resolveEncryptionKey(config);
    return { url: config.appUrl, token: signAppToken(appTokenKey(key), shop, 3600) };
  };
  await withDatabase(config, createLogger('warn', 'cli'), async (url) => {
    const knex = createKnex(url, { min: 0, max: 1 });
    try {
      await plugin.run(args, { knex, print: (line) => console.log(line), appApi });
    } catch (err) {
      if (err instanceof CommandError) throw new UsageError(`${err.message}\nusage: ${command} ${plugin.usage}`);
      throw err;
    } finally {
      await knex.destroy();
    }
  });
  return true;
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command && command !== 'help' && !KERNEL_COMMANDS.includes(command) && (await runPluginCommand(command, rest))) return;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      shop: { type: 'string' },
      days: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
      country: { type: 'string' },
      fulfill: { type: 'boolean' },
      deliver: { type: 'boolean' },
      order: { type: 'string' },
      topic: { type: 'string' },
      email: { type: 'string' },
      discount: { type: 'string' },
    },
    allowPositionals: command === 'plugins:drop',
  });
  // The CLI runs the embedded stack and local ops: development unless NODE_ENV says otherwise, set
  // in the environment so the API and worker it starts inherit it (they default to production).
  process.env.NODE_ENV ??= 'development';
  const config = loadConfig();
  const log = createLogger(command === 'start' ? config.logLevel : 'warn', 'cli');

  switch (command) {
    case 'start': {
      const { start } = await import('./start');
      return start(config, log);
    }
    case 'migrate':
      return withDatabase(config, log, async (url) => {
        const knex = createKnex(url, { min: 0, max: 1 });
        try {
          const { applied } = await migrateLatest(knex, KERNEL_MIGRATIONS, discoverPlugins(config.pluginDirs));
          console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
        } finally {
          await knex.destroy();
        }
      });
    case 'plugins:drop': {
      const id = positionals[0];
      if (!id || !PLUGIN_ID.test(id) || positionals.length > 1) throw new UsageError('usage: plugins:drop <plugin id>');
      const installed = discoverPlugins(config.pluginDirs).find((p) => p.id === id);
      if (installed) throw new UsageError(`plugin "${id}" is still installed (${installed.dir}); delete its folder first`);
      return withDatabase(config, log, async (url) => {
        const knex = createKnex(url, { min: 0, max: 1 });
        try {
          const dropped = await dropPluginData(knex, id);
          console.log(
            `dropped plugin "${id}": tables ${dropped.tables.join(', ') || 'none'}; ${dropped.settingsRows} settings row(s); ${dropped.migrations.length} migration row(s)`,
          );
        } finally {
          await knex.destroy();
        }
      });
    }
    case 'token': {
      const shop = requireShop(values);
      const days = Number(values.days ?? 30);
      if (!Number.isInteger(days) || days < 1 || days > 365) throw new UsageError('--days must be a whole number from 1 to 365');
      const key = resolveEncryptionKey(config);
      await withDatabase(config, log, async (url) => {
        const knex = createKnex(url, { min: 0, max: 1 });
        try {
          const row = await knex('shops').where({ shopifyDomain: shop }).whereNull('uninstalledAt').first();
          if (!row) throw new UsageError(`no installed shop ${shop}`);
        } finally {
          await knex.destroy();
        }
      });
      console.log(signAppToken(appTokenKey(key), shop, days * 24 * 3600));
      return;
    }
    case 'workflows': {
      const shop = requireShop(values);
      const address = config.temporal.address ?? readRuntimeFile(config.dataDir)?.env.TEMPORAL_ADDRESS;
      if (!address) throw new UsageError('Temporal is not running: start the app with `npm start` or set TEMPORAL_ADDRESS');
      const [{ Connection, Client }, { connectionOptions }] = await Promise.all([import('@temporalio/client'), import('../temporal/connection')]);
      const connection = await Connection.connect({ ...connectionOptions(config), address });
      try {
        const client = new Client({ connection, namespace: config.temporal.namespace });
        let query = `ShopDomain = ${JSON.stringify(shop)}`;
        if (values.status) query += ` AND ExecutionStatus = ${JSON.stringify(values.status)}`;
        const limit = Number(values.limit ?? 100);
        let n = 0;
        for await (const wf of client.workflow.list({ query })) {
          console.log([wf.workflowId, wf.type, wf.status.name, wf.startTime.toISOString()].join('\t'));
          if (++n >= limit) break;
        }
        if (!n) console.log(`no workflows for ${shop}`);
      } finally {
        await connection.close();
      }
      return;
    }
    case 'demo:order':
    case 'demo:fulfill':
    case 'demo:deliver':
    case 'demo:uninstall':
    case 'demo:compliance': {
      const shop = requireShop(values);
      if (values.country && !/^[A-Z]{2}$/.test(values.country)) throw new UsageError('--country must be a two-letter country code like DE');
      const emulatorUrl = config.shopify.emulatorUrl ?? readRuntimeFile(config.dataDir)?.env.SHOPIFY_EMULATOR_URL;
      if (!emulatorUrl) throw new UsageError('The store emulator is not running: start the app with `npm start` (without SHOPIFY_API_KEY)');
      const { runDemoCommand } = await import('../../emulator/cli');
      const lines = await runDemoCommand(
        command,
        {
          shop,
          country: values.country,
          fulfill: values.fulfill,
          deliver: values.deliver,
          order: values.order,
          topic: values.topic,
          email: values.email,
          discount: values.discount,
        },
        emulatorUrl,
      );
      for (const line of lines) console.log(line);
      return;
    }
    default: {
      process.stdout.write(HELP);
      for (const [name, c] of pluginCommands(discoverPlugins(config.pluginDirs), KERNEL_COMMANDS))
        if (name.includes(':')) process.stdout.write(`  ${name}${c.alias ? ` (or ${c.alias})` : ''} ${c.usage}\n`);
      if (command && command !== 'help') process.exitCode = 2;
    }
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof ConfigError || err instanceof UsageError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
