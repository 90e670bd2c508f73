// What each plugin's migrations created, so that removing a plugin folder leaves a database that
// still starts, and `plaudit plugins:drop <id>` can remove the plugin's data later on purpose.
// Two kernel bookkeeping tables, created by the migration run itself (like knex_migrations, they
// must exist before the first plugin migration, whatever its timestamp):
//   plugin_migrations(name, plugin): which plugin an applied migration came from
//   plugin_tables(plugin, table_name): the tables its migrations created
import type { Knex } from 'knex';

export async function ensurePluginSchemaTables(knex: Knex) {
  await knex.raw(`CREATE TABLE IF NOT EXISTS plugin_migrations (name text PRIMARY KEY, plugin text NOT NULL)`);
  await knex.raw(`CREATE TABLE IF NOT EXISTS plugin_tables (plugin text NOT NULL, table_name text NOT NULL, PRIMARY KEY (plugin, table_name))`);
}

async function tablesOf(knex: Knex): Promise<Set<string>> {
  const rows: { name: string }[] = (
    await knex.raw(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
  ).rows;
  return new Set(rows.map((r) => r.name));
}

/** Wraps a plugin migration so its run records the migration's owner and the tables it created or dropped. */
export function recordingMigration(plugin: string, name: string, migration: Knex.Migration): Knex.Migration {
  return {
    ...migration,
    async up(knex) {
      const before = await tablesOf(knex);
      await migration.up(knex);
      const created = [...(await tablesOf(knex))].filter((t) => !before.has(t));
      await knex.raw(`INSERT INTO plugin_migrations (name, plugin) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET plugin = excluded.plugin`, [name, plugin]);
      for (const table of created) {
        await knex.raw(`INSERT INTO plugin_tables (plugin, table_name) VALUES (?, ?) ON CONFLICT DO NOTHING`, [plugin, table]);
      }
      await forgetMissingTables(knex, plugin);
    },
    async down(knex) {
      await migration.down?.(knex);
      await knex.raw(`DELETE FROM plugin_migrations WHERE name = ?`, [name]);
      await forgetMissingTables(knex, plugin);
    },
  };
}

/** Drops plugin_tables rows of tables that no longer exist (a later migration of the plugin dropped them). */
async function forgetMissingTables(knex: Knex, plugin: string) {
  const existing = await tablesOf(knex);
  const recorded: { name: string }[] = (await knex.raw(`SELECT table_name AS name FROM plugin_tables WHERE plugin = ?`, [plugin])).rows;
  const missing = recorded.map((r) => r.name).filter((t) => !existing.has(t));
  if (missing.length) await knex.raw(`DELETE FROM plugin_tables WHERE plugin = ? AND table_name = ANY(?)`, [plugin, missing]);
}

export interface DroppedPlugin {
  tables: string[];
  settingsRows: number;
  migrations: string[];
}

/**
 * Removes what a removed plugin left behind: its tables, its settings namespaces ('<id>' and
 * '<id>.<key>') and its migration rows, in one transaction. The caller checks the folder is gone.
 */
export async function dropPluginData(knex: Knex, plugin: string): Promise<DroppedPlugin> {
  await ensurePluginSchemaTables(knex);
  return knex.transaction(async (trx) => {
    const tables: string[] = (await trx.raw(`SELECT table_name AS name FROM plugin_tables WHERE plugin = ? ORDER BY table_name`, [plugin])).rows.map(
      (r: { name: string }) => r.name,
    );
    for (const table of tables) await trx.raw('DROP TABLE IF EXISTS ?? CASCADE', [table]);
    const settingsRows = await trx('settings').where('namespace', plugin).orWhere('namespace', 'like', `${plugin}.%`).delete();
    const migrations: string[] = (await trx('plugin_migrations').where({ plugin }).orderBy('name').select('name')).map((r) => r.name);
    if (migrations.length) await trx('knex_migrations').whereIn('name', migrations).delete();
    await trx('plugin_migrations').where({ plugin }).delete();
    await trx('plugin_tables').where({ plugin }).delete();
    return { tables, settingsRows, migrations };
  });
}
