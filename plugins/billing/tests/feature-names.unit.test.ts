// Every plan feature a plugin declares is named in billing's locales, in every admin language: the
// comparison would otherwise show the feature's id split into words ("Public api").
import fs from 'node:fs';
import path from 'node:path';

const PLUGINS = path.resolve(__dirname, '../..');
const LOCALES = path.resolve(__dirname, '../locales');

/** The feature ids of every shipped plugin's manifest (`features: { publicApi: 'third' }`). */
function declaredFeatures(): string[] {
  const found: string[] = [];
  for (const id of fs.readdirSync(PLUGINS)) {
    const file = path.join(PLUGINS, id, 'plugin.ts');
    if (!fs.existsSync(file)) continue;
    const block = /\bfeatures:\s*\{([^}]*)\}/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
    for (const m of block.matchAll(/(\w+)\s*:/g)) found.push(m[1]);
  }
  return found.sort();
}

test('the manifests declare features (the scan reads them)', () => {
  // each manifest with a `features` block yields at least one id (also in a tree without some plugins)
  const declaring = fs.readdirSync(PLUGINS).filter((id) => /\bfeatures:\s*\{\s*\w/.test(readIfExists(path.join(PLUGINS, id, 'plugin.ts'))));
  expect(declaring.length).toBeGreaterThan(0);
  expect(declaredFeatures().length).toBeGreaterThanOrEqual(declaring.length);
});

function readIfExists(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

test.each(fs.readdirSync(LOCALES))('%s names every declared feature', (file) => {
  const names: Record<string, string> = JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8')).features ?? {};
  expect(declaredFeatures().filter((f) => !names[f])).toEqual([]);
});
