// One migration run covers the kernel's migrations/ and every plugin's migrations/ folder.
// A plugin folder may disappear after its migrations ran: its rows in knex_migrations are then
// expected (and its tables stay until `plaudit plugins:drop <id>`), so knex's own check that
// every applied migration still exists is replaced by one that knows which plugin each came from.
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { DiscoveredPlugin } from '../plugins/discover';
import { ensurePluginSchemaTables, recordingMigration } from './plugin-schema';

/** The kernel's own migrations (shops, sessions, settings, ...). */
export const KERNEL_MIGRATIONS = path.resolve(__dirname, '../../migrations');

// .js in a build (npm run build)
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.[jt]s$/;

export interface MigrationFile {
  name: string;
  file: string;
  /** the owning plugin; undefined for the kernel's own */
  plugin?: string;
}

/** Kernel and plugin migrations ordered by their timestamp prefix, so plugins may build on kernel tables. */
export function migrationFiles(kernelDir: string, plugins: DiscoveredPlugin[]): MigrationFile[] {
  const dirs = [{ dir: kernelDir, plugin: undefined }, ...plugins.flatMap((p) => (p.sides.migrations ? [{ dir: p.sides.migrations, plugin: p.id }] : []))];
  const files = dirs.flatMap(({ dir, plugin }) =>
    fs
      .readdirSync(dir)
      .filter((f) => MIGRATION_FILE.test(f))
      .map((f) => ({ name: f.replace(/\.[jt]s$/, ''), file: path.join(dir, f), plugin })),
  );
  const seen = new Map<string, string>();
  for (const f of files) {
    const other = seen.get(f.name);
    if (other) throw new Error(`Migration ${f.name} exists twice: ${other} and ${f.file}`);
    seen.set(f.name, f.file);
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

export class PluginMigrationSource implements Knex.MigrationSource<MigrationFile> {
  constructor(private readonly files: MigrationFile[]) {}
  async getMigrations() {
    return this.files;
  }
  getMigrationName(m: MigrationFile) {
    return m.name;
  }
  async getMigration(m: MigrationFile): Promise<Knex.Migration> {
    const migration: Knex.Migration = require(m.file);
    return m.plugin ? recordingMigration(m.plugin, m.name, migration) : migration;
  }
}

/**
 * Applied migrations no file answers for: refused unless they belong to a plugin whose folder is
 * gone (its tables stay until plugins:drop). Also records the owner of plugin migrations applied
 * before the kernel kept track, while their folder is still there to tell.
 */
async function checkAppliedMigrations(knex: Knex, files: MigrationFile[]): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  const applied: string[] = (await knex('knex_migrations').select('name')).map((r) => r.name);
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const name of applied) {
    const plugin = byName.get(name)?.plugin;
    if (plugin) await knex.raw(`INSERT INTO plugin_migrations (name, plugin) VALUES (?, ?) ON CONFLICT DO NOTHING`, [name, plugin]);
  }
  const owners = new Map<string, string>((await knex('plugin_migrations').select('name', 'plugin')).map((r) => [r.name, r.plugin]));
  const orphans = applied.filter((name) => !byName.has(name));
  const unexplained = orphans.filter((name) => !owners.has(name));
  if (unexplained.length) throw new Error(`The migration directory is corrupt, the following files are missing: ${unexplained.join(', ')}`);
  return [...new Set(orphans.map((name) => owners.get(name)!))].sort();
}

export async function migrateLatest(knex: Knex, kernelDir: string, plugins: DiscoveredPlugin[]) {
  const files = migrationFiles(kernelDir, plugins);
  await ensurePluginSchemaTables(knex);
  const removedPlugins = await checkAppliedMigrations(knex, files);
  const [batch, names] = await knex.migrate.latest({
    migrationSource: new PluginMigrationSource(files),
    tableName: 'knex_migrations',
    disableMigrationsListValidation: true,
  });
  return { batch: batch as number, applied: names as string[], removedPlugins };
}
