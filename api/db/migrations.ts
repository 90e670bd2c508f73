// One migration run covers the kernel's migrations/ and every plugin's migrations/ folder.
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { DiscoveredPlugin } from '../plugins/discover';

const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.ts$/;

export interface MigrationFile {
  name: string;
  file: string;
}

/** Kernel and plugin migrations ordered by their timestamp prefix, so plugins may build on kernel tables. */
export function migrationFiles(kernelDir: string, plugins: DiscoveredPlugin[]): MigrationFile[] {
  const dirs = [kernelDir, ...plugins.flatMap((p) => (p.sides.migrations ? [p.sides.migrations] : []))];
  const files = dirs.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => MIGRATION_FILE.test(f))
      .map((f) => ({ name: f.replace(/\.ts$/, ''), file: path.join(dir, f) })),
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
    return require(m.file);
  }
}

export async function migrateLatest(knex: Knex, kernelDir: string, plugins: DiscoveredPlugin[]) {
  const [batch, names] = await knex.migrate.latest({
    migrationSource: new PluginMigrationSource(migrationFiles(kernelDir, plugins)),
    tableName: 'knex_migrations',
  });
  return { batch: batch as number, applied: names as string[] };
}
