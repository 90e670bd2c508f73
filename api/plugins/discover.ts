// Plugins are found by convention: every folder under a plugin root is a plugin, and the
// sub-folders it has decide where it plugs in. Used by the API, the worker, migrations and the
// admin build alike, so adding or removing a folder needs no kernel edit.
import fs from 'node:fs';
import path from 'node:path';

export const PLUGIN_ID = /^[a-z][a-z0-9-]{1,62}$/;

export interface DiscoveredPlugin {
  id: string;
  dir: string;
  sides: {
    /** plugin.ts: the server manifest both processes read (features, links, capabilities, events) */
    manifest?: string;
    admin?: string;
    api?: string;
    workflows?: string;
    activities?: string;
    storefront?: string;
    migrations?: string;
    locales?: string;
    /** cli/index.ts: ops commands, run as `npm run plaudit -- <id>:<command>` */
    cli?: string;
  };
}

/** The first of `names` in dir; each .ts name is also looked for as .js, which is what a build (npm run build) holds. */
function entry(dir: string, names: string[]): string | undefined {
  return names
    .flatMap((n) => [n, n.replace(/\.ts$/, '.js')])
    .map((n) => path.join(dir, n))
    .find((f) => fs.existsSync(f));
}

function folder(dir: string): string | undefined {
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? dir : undefined;
}

export function discoverPlugins(roots: string[]): DiscoveredPlugin[] {
  const found = new Map<string, DiscoveredPlugin>();
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    for (const name of fs.readdirSync(root).sort()) {
      const dir = path.join(root, name);
      if (!fs.statSync(dir).isDirectory() || name.startsWith('.')) continue;
      if (!PLUGIN_ID.test(name)) {
        throw new Error(`Plugin folder name "${name}" in ${root} must be lower-case letters, digits and dashes`);
      }
      const previous = found.get(name);
      if (previous) throw new Error(`Plugin "${name}" exists twice: ${previous.dir} and ${dir}`);
      found.set(name, {
        id: name,
        dir,
        sides: {
          manifest: entry(dir, ['plugin.ts']),
          admin: entry(dir, ['admin/index.tsx', 'admin/index.ts']),
          api: entry(dir, ['api/index.ts']),
          workflows: entry(dir, ['workflows/index.ts']),
          activities: entry(dir, ['activities/index.ts']),
          storefront: folder(path.join(dir, 'storefront')),
          migrations: folder(path.join(dir, 'migrations')),
          cli: entry(dir, ['cli/index.ts']),
          locales: folder(path.join(dir, 'locales')),
        },
      });
    }
  }
  return [...found.values()];
}
