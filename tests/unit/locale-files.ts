// The locale files as the locale lints read them (locales.test.ts: the admin's ten languages;
// customer-locales.test.ts: Hindi and Vietnamese for customers): every namespace's folder, found by
// listing so a new plugin is covered without an edit, and its files as flat `a.b.c` keys.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export type Flat = Record<string, unknown>;

export function flatten(tree: unknown, prefix = '', out: Flat = {}): Flat {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, name, out);
    else out[name] = value;
  }
  return out;
}

export function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** One language's file of a namespace folder, flattened; undefined when there is none. */
export const loadFlat = (dir: string, code: string): Flat | undefined =>
  fs.existsSync(path.join(dir, `${code}.json`)) ? flatten(readJson(path.join(dir, `${code}.json`))) : undefined;

/** The kernel's locales/ and every plugin's (and test fixture plugin's) locales/ folder. */
export function namespaces(): { name: string; dir: string }[] {
  const found = [{ name: 'kernel', dir: path.join(ROOT, 'locales') }];
  for (const parent of ['plugins', 'tests/fixtures/plugins']) {
    const base = path.join(ROOT, parent);
    if (!fs.existsSync(base)) continue;
    for (const id of fs.readdirSync(base).sort()) {
      const dir = path.join(base, id, 'locales');
      if (fs.existsSync(dir) && fs.statSync(dir).isDirectory()) found.push({ name: id, dir });
    }
  }
  return found;
}

/**
 * Plugins removed from this tree, as the removal test tells the copy it runs in
 * (tests/integration/plugin-removal.test.ts): removing a plugin deletes only its folder, so the
 * kernel's shared lists (identical-allowed.json, customer-keys.json) may still name it. Empty in the
 * repository itself, where every namespace a list names must exist.
 */
export const REMOVED_PLUGINS = (process.env.PLAUDIT_REMOVED_PLUGINS ?? '').split(',').filter(Boolean);
