// Builds the merchant admin. The virtual module `virtual:plaudit-plugins` lists every discovered
// plugin's admin manifest and locale files, so a plugin folder needs no edit here.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { discoverPlugins } from '../api/plugins/discover';
import { CONTRACTS_DIR, KERNEL_ENTRIES } from '../api/plugins/kernel-paths';
import { LANGUAGES } from './src/languages';

const ROOT = path.resolve(import.meta.dirname, '..');
const VIRTUAL = 'virtual:plaudit-plugins';

function pluginRoots(): string[] {
  const extra = (process.env.PLUGIN_DIRS ?? '').split(path.delimiter).filter(Boolean);
  return [path.resolve(ROOT, process.env.PLUGINS_ROOT ?? 'plugins'), ...extra.map((d) => path.resolve(ROOT, d))];
}

function plauditPlugins(): Plugin {
  return {
    name: 'plaudit-plugins',
    resolveId: (id) => (id === VIRTUAL ? '\0' + VIRTUAL : undefined),
    load(id) {
      if (id !== '\0' + VIRTUAL) return undefined;
      const discovered = discoverPlugins(pluginRoots());
      const lines: string[] = [];
      const manifests: string[] = [];
      const locales: string[] = [];
      discovered.forEach((p, i) => {
        if (p.sides.admin) {
          lines.push(`import plugin${i} from ${JSON.stringify(p.sides.admin)};`);
          manifests.push(`plugin${i}`);
        }
        if (p.sides.locales) {
          // One lazy chunk per language, loaded only when that language is in use.
          const loaders = LANGUAGES.map((l) => ({ code: l.code, file: path.join(p.sides.locales!, `${l.code}.json`) }))
            .filter((l) => fs.existsSync(l.file))
            .map((l) => `${JSON.stringify(l.code)}: () => import(${JSON.stringify(l.file)}).then((m) => m.default)`);
          locales.push(`${JSON.stringify(p.id)}: { ${loaders.join(', ')} }`);
        }
      });
      return `${lines.join('\n')}\nexport const plugins = [${manifests.join(', ')}];\nexport const pluginLocales = { ${locales.join(', ')} };\n`;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), plauditPlugins()],
  // admin code sees the admin shell only through @plaudit/kernel/admin
  resolve: {
    alias: [
      { find: /^@plaudit\/kernel\/admin$/, replacement: KERNEL_ENTRIES['@plaudit/kernel/admin'] },
      { find: /^@plaudit\/contracts\//, replacement: `${CONTRACTS_DIR}/` },
    ],
  },
  build: {
    outDir: path.resolve(ROOT, process.env.ADMIN_DIST ?? 'admin/dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
