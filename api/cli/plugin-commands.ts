// Plugins' ops commands: plugins/<id>/cli/index.ts default-exports definePluginCli({ commands }),
// and `npm run plaudit -- <id>:<command> [args]` runs one against the app's database.
import type { Knex } from 'knex';
import type { DiscoveredPlugin } from '../plugins/discover';

export interface PluginCommand {
  /** one help line: the arguments and what it does */
  usage: string;
  /** also runs as `npm run plaudit -- <alias>` (an ops verb like `import`; must not clash) */
  alias?: string;
  /** prints its result to stdout; throws a CommandError for bad arguments (exit code 2) */
  run(args: string[], context: PluginCommandContext): Promise<void>;
}

export interface PluginCommandContext {
  knex: Knex;
  print(line: string): void;
  /** the running app (`npm start`) as the shop's admin would call it: its URL and a short-lived app token */
  appApi(shopDomain: string): { url: string; token: string };
}

export interface PluginCli {
  commands: Record<string, PluginCommand>;
}

export class CommandError extends Error {}

export function definePluginCli(cli: PluginCli): PluginCli {
  return cli;
}

/** Every plugin command as '<id>:<command>', and by its alias when it has one. */
export function pluginCommands(plugins: DiscoveredPlugin[], reserved: string[] = []): Map<string, PluginCommand> {
  const all = new Map<string, PluginCommand>();
  for (const p of plugins) {
    if (!p.sides.cli) continue;
    const mod = require(p.sides.cli);
    const cli: PluginCli = mod.default ?? mod;
    for (const [name, command] of Object.entries(cli.commands ?? {})) {
      all.set(`${p.id}:${name}`, command);
      if (!command.alias) continue;
      if (reserved.includes(command.alias) || all.has(command.alias)) throw new Error(`Plugin "${p.id}": command alias "${command.alias}" is already taken`);
      all.set(command.alias, command);
    }
  }
  return all;
}
