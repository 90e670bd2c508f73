// Builds the merchant admin. The virtual module `virtual:plaudit-plugins` lists every discovered
// plugin's admin manifest and locale files, so a plugin folder needs no edit here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { discoverPlugins } from '../api/plugins/discover';
import { CONTRACTS_DIR, KERNEL_ENTRIES } from '../api/plugins/kernel-paths';
import { LANGUAGES } from './src/languages';

const ROOT = path.resolve(import.meta.dirname, '..');
const VIRTUAL = 'virtual:plaudit-plugins';
// one module per language with the kernel's and every plugin's strings: `virtual:plaudit-locale/<lang>`
const LOCALE = 'virtual:plaudit-locale/';
const KERNEL_ADMIN = '@plaudit/kernel/admin';
// what a manifest (plugins/<id>/admin/index.tsx) gets for @plaudit/kernel/admin: see kernel-manifest.ts
const KERNEL_MANIFEST = path.join(import.meta.dirname, 'src/kernel-manifest.ts');
// what ra-core's router adapter gets for react-router-dom: React Router without its data router
const ROUTER_ADAPTER = /[\\/]ra-core[\\/]dist[\\/]routing[\\/]adapters[\\/]reactRouterProvider\.js$/;
const ROUTER_WITHOUT_DATA_ROUTER = path.join(import.meta.dirname, 'src/router-without-data-router.ts');
const isManifest = (file: string | undefined) => !!file && /[\\/]admin[\\/]index\.tsx?$/.test(file) && !file.startsWith(import.meta.dirname);

function pluginRoots(): string[] {
  const extra = (process.env.PLUGIN_DIRS ?? '').split(path.delimiter).filter(Boolean);
  return [path.resolve(ROOT, process.env.PLUGINS_ROOT ?? 'plugins'), ...extra.map((d) => path.resolve(ROOT, d))];
}

// The first load carries only the manifests (menu entries, routes, zones, settings tabs as data and
// `lazy` loaders) and one loader per language, whatever the number of plugins (docs/admin-speed.md).
function plauditPlugins(): Plugin {
  return {
    name: 'plaudit-plugins',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === VIRTUAL || id.startsWith(LOCALE)) return '\0' + id;
      if (id === KERNEL_ADMIN) return isManifest(importer) ? KERNEL_MANIFEST : KERNEL_ENTRIES[KERNEL_ADMIN];
      if (id === 'react-router-dom' && importer && ROUTER_ADAPTER.test(importer)) return ROUTER_WITHOUT_DATA_ROUTER;
      return undefined;
    },
    load(id) {
      if (id.startsWith('\0' + LOCALE)) {
        // one chunk per language: a single request for all strings instead of one per plugin
        const code = id.slice(1 + LOCALE.length);
        const kernel = path.join(ROOT, 'locales', `${code}.json`);
        const lines: string[] = [];
        const entries: string[] = [];
        if (fs.existsSync(kernel)) {
          lines.push(`import kernel from ${JSON.stringify(kernel)};`);
          entries.push('translation: kernel');
        }
        discoverPlugins(pluginRoots()).forEach((p, i) => {
          const file = p.sides.locales && path.join(p.sides.locales, `${code}.json`);
          if (!file || !fs.existsSync(file)) return;
          lines.push(`import ns${i} from ${JSON.stringify(file)};`);
          entries.push(`${JSON.stringify(p.id)}: ns${i}`);
        });
        return `${lines.join('\n')}\nexport default { ${entries.join(', ')} };\n`;
      }
      if (id !== '\0' + VIRTUAL) return undefined;
      const discovered = discoverPlugins(pluginRoots());
      const lines: string[] = [];
      const manifests: string[] = [];
      discovered.forEach((p, i) => {
        if (!p.sides.admin) return;
        lines.push(`import plugin${i} from ${JSON.stringify(p.sides.admin)};`);
        manifests.push(`plugin${i}`);
      });
      const namespaces = discovered.filter((p) => p.sides.locales).map((p) => p.id);
      const loaders = LANGUAGES.map((l) => `${JSON.stringify(l.code)}: () => import(${JSON.stringify(LOCALE + l.code)}).then((m) => m.default)`);
      return [
        ...lines,
        `export const plugins = [${manifests.join(', ')}];`,
        `export const pluginNamespaces = ${JSON.stringify(namespaces)};`,
        `export const localeBundles = { ${loaders.join(', ')} };`,
        '',
      ].join('\n');
    },
  };
}

// Each asset also as .br and .gz beside it: koa-static (koa-send) serves those to a browser that
// accepts them (api/http/admin-static.ts), so the admin's ~800 KB of JavaScript and CSS cross a
// merchant's network at about a third, compressed once at build time instead of on every request.
// Brotli's quality: 5 by default (half a second for the whole admin); the production build (`npm run
// build`) asks for 11, 8 % smaller for about 30 times the time (bench/RESULTS.md, issue 36).
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const BROTLI_QUALITY = Number(process.env.ADMIN_BROTLI_QUALITY ?? 5);
function precompressed(): Plugin {
  return {
    name: 'plaudit-precompressed',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f))) {
        const target = path.join(options.dir!, file);
        const bytes = fs.readFileSync(target);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }));
        fs.writeFileSync(`${target}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [
    react(),
    plauditPlugins(),
    precompressed(),
    // bench/admin-bundle.ts: per-module sizes of every chunk, as JSON, when asked for
    ...(process.env.ADMIN_BUNDLE_REPORT
      ? [visualizer({ filename: process.env.ADMIN_BUNDLE_REPORT, template: 'raw-data', gzipSize: true, emitFile: false })]
      : []),
  ],
  // admin code sees the admin shell only through @plaudit/kernel/admin (resolved by plauditPlugins)
  resolve: {
    alias: [{ find: /^@plaudit\/contracts\//, replacement: `${CONTRACTS_DIR}/` }],
  },
  build: {
    outDir: path.resolve(ROOT, process.env.ADMIN_DIST ?? 'admin/dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // ADMIN_MINIFY=0 (npm run bench:admin-trace): function names stay readable in a CPU profile
    minify: process.env.ADMIN_MINIFY !== '0',
  },
});
