// Where the admin's first-load bytes go (issue 36): builds the production admin with
// rollup-plugin-visualizer in raw-data mode and prints, for the entry and every chunk it imports
// statically (the first load), the biggest contributors grouped by package (node_modules/<pkg>),
// plugin (plugins/<id>) or shell file. Shared by bench/admin-speed.ts and tests; run alone with
// `npm run bench:admin-bundle` (ADMIN_BUNDLE_TOP=40 for a longer list).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const ROOT = path.resolve(import.meta.dirname, '..');

interface RawData {
  nodeParts: Record<string, { renderedLength: number; gzipLength: number; metaUid: string }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

export interface AdminBuild {
  dist: string;
  /** the entry and its static imports: what the browser fetches before the first render */
  initialFiles: string[];
  initialGzipBytes: number;
  /** rendered bytes per contributor (package, plugin or shell file) over the initial files */
  contributors: { name: string; bytes: number; gzipBytes: number }[];
}

/** Builds the admin into `dist` with the given extra plugin folders; `report` adds the raw-data file. */
export function buildAdmin(dist: string, options: { pluginDirs?: string[]; report?: boolean } = {}): AdminBuild {
  const reportFile = path.join(dist, '..', `${path.basename(dist)}-bundle.json`);
  execFileSync('npx', ['vite', 'build', '--config', 'admin/vite.config.mts', '--logLevel', 'error'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // jest sets NODE_ENV=test, which would make vite bundle React's development build
      NODE_ENV: 'production',
      ADMIN_DIST: dist,
      PLUGIN_DIRS: (options.pluginDirs ?? []).join(path.delimiter),
      ADMIN_BUNDLE_REPORT: options.report ? reportFile : '',
      VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const initialFiles = initialChunks(dist);
  const initialGzipBytes = initialFiles.reduce((sum, f) => sum + gzipBytes(path.join(dist, f)), 0);
  const contributors = options.report ? contributorsOf(JSON.parse(fs.readFileSync(reportFile, 'utf8')), initialFiles) : [];
  return { dist, initialFiles, initialGzipBytes, contributors };
}

export const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The entry script of index.html, its modulepreloads, and every chunk they import statically. */
export function initialChunks(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  // static imports between chunks: `import{...}from"./x.js"` / `import"./x.js"` (dynamic ones are `import("./x.js")`)
  for (const file of seen) {
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) seen.add(`assets/${m[1]}`);
  }
  return [...seen];
}

function contributorOf(id: string): string {
  // the visualizer names modules from the project root with a leading '/'
  const raw = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const rel = raw.startsWith(ROOT) ? path.relative(ROOT, raw) : raw.replace(/^\//, '');
  const nm = rel.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = rel.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const plugin = /^plugins\/([^/]+)\//.exec(rel);
  if (plugin) return `plugins/${plugin[1]}`;
  return rel;
}

function contributorsOf(raw: RawData, initialFiles: string[]) {
  const names = new Set(initialFiles);
  const sums = new Map<string, { bytes: number; gzipBytes: number }>();
  for (const meta of Object.values(raw.nodeMetas)) {
    for (const [bundle, partUid] of Object.entries(meta.moduleParts)) {
      if (!names.has(bundle)) continue;
      const part = raw.nodeParts[partUid];
      const name = contributorOf(meta.id);
      const sum = sums.get(name) ?? { bytes: 0, gzipBytes: 0 };
      sum.bytes += part.renderedLength;
      sum.gzipBytes += part.gzipLength;
      sums.set(name, sum);
    }
  }
  return [...sums.entries()].map(([name, s]) => ({ name, ...s })).sort((a, b) => b.bytes - a.bytes);
}

function main() {
  const top = Number(process.env.ADMIN_BUNDLE_TOP ?? 25);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bundle-'));
  try {
    const build = buildAdmin(path.join(dir, 'admin'), { report: true });
    console.log(`initial JS: ${build.initialFiles.join(', ')} = ${(build.initialGzipBytes / 1024).toFixed(1)} KB gzip`);
    const total = build.contributors.reduce((s, c) => s + c.bytes, 0);
    console.log(`top ${top} contributors of the initial chunks (rendered bytes; gzip of each module alone):`);
    for (const c of build.contributors.slice(0, top))
      console.log(
        `  ${c.name.padEnd(48)} ${(c.bytes / 1024).toFixed(1).padStart(8)} KB ${((100 * c.bytes) / total).toFixed(1).padStart(5)}%  ${(c.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
