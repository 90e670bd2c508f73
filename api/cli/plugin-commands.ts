// Plugins' ops commands: plugins/<id>/cli/index.ts default-exports definePluginCli({ commands }),
// and `npm run plaudit -- <id>:<command> [args]` runs one against the app's database.
import type { Knex } from 'knex';
import type { DiscoveredPlugin } from '../plugins/discover';

export interface PluginCommand {
  /** one help line: the arguments and what it does */
  usage: string;
  /** prints its result to stdout; throws a CommandError for bad arguments (exit code 2) */
  run(args: string[], context: { knex: Knex; print(line: string): void }): Promise<void>;
}

export interface PluginCli {
  commands: Record<string, PluginCommand>;
}

export class CommandError extends Error {}

export function definePluginCli(cli: PluginCli): PluginCli {
  return cli;
}

/** Every plugin command as '<id>:<command>'. */
export function pluginCommands(plugins: DiscoveredPlugin[]): Map<string, PluginCommand> {
  const all = new Map<string, PluginCommand>();
  for (const p of plugins) {
    if (!p.sides.cli) continue;
    const mod = require(p.sides.cli);
    const cli: PluginCli = mod.default ?? mod;
    for (const [name, command] of Object.entries(cli.commands ?? {})) all.set(`${p.id}:${name}`, command);
  }
  return all;
}
