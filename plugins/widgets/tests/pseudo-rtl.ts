// A right-to-left catalog for tests, added the way a real one would be (a file in a folder): the
// English texts marked with an Arabic letter, every plural key in Arabic's six forms. No RTL
// language ships yet; this is how the layout is checked for one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCatalog } from '../api/storefront-text';
import type { Catalog, Messages } from '../shared/widget-text';

const categories = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;

function mark(tree: Messages): Messages {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]): [string, Messages | string][] => {
      if (typeof v !== 'string') return [[k, mark(v)]];
      if (k.endsWith('_one')) return []; // made from _other below, with the other forms
      if (!k.endsWith('_other')) return [[k, `ع ${v}`]];
      return categories.map((c) => [k.replace(/_other$/, `_${c}`), `ع ${v}`]);
    }),
  );
}

/** English plus pseudo-Arabic ('ar'), read back through loadCatalog from a temporary folder. */
export function pseudoRtlCatalog(): Catalog {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-rtl-'));
  try {
    const en = loadCatalog().en;
    fs.writeFileSync(path.join(dir, 'en.json'), JSON.stringify(en));
    fs.writeFileSync(path.join(dir, 'ar.json'), JSON.stringify(mark(en)));
    return loadCatalog(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
