// The plugins and source files the checks read.
import fs from 'node:fs';
import path from 'node:path';
import { discoverPlugins } from '../../api/plugins/discover';

export const ROOT = path.resolve(__dirname, '../..');
/** Where plugins live: the app's and the test fixtures'. */
export const PLUGIN_ROOTS = ['plugins', 'tests/fixtures/plugins'].map((r) => path.join(ROOT, r));

export interface Plugin {
  id: string;
  dir: string;
  /** every source file of the plugin: server, admin, storefront, tests, benchmarks, migrations */
  files: string[];
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Source files under dir (TypeScript and JavaScript, not declarations), skipping build output. */
export function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'build'].includes(e.name) || e.name.startsWith('.') ? [] : sourceFiles(full);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

export function plugins(): Plugin[] {
  return discoverPlugins(PLUGIN_ROOTS).map((p) => ({ id: p.id, dir: p.dir, files: sourceFiles(p.dir) }));
}

export const rel = (file: string) => path.relative(ROOT, file);
export const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith('..');
/** The folders of a file inside its plugin: plugins/reviews/api/x.ts -> ['api']. */
const foldersIn = (p: Plugin, file: string) => path.relative(p.dir, path.dirname(file)).split(path.sep);

/** A plugin's migrations and the tests of them move rows it kept under old names: they may name the kernel's shops and settings tables. */
export const isDataUpgrade = (p: Plugin, file: string) => foldersIn(p, file)[0] === 'migrations' || file.endsWith('-migration.test.ts');
/** Test code: the plugin's tests/ folder (helpers included) and *.test.ts(x) files anywhere in it. */
export const isTest = (p: Plugin, file: string) => foldersIn(p, file)[0] === 'tests' || /\.test\.tsx?$/.test(file);
/** Code the app runs: not tests (tests/ folders, *.test.ts) nor migrations, TypeScript only. */
export const isAppCode = (p: Plugin, file: string) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !foldersIn(p, file).some((f) => f === 'tests' || f === 'migrations');
