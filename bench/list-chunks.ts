// What react-admin's list machinery weighs in the production admin, and what the two big list screens
// load on a first visit (issue 28, deliverable 6): builds the admin as `npm run bench:admin-bundle`
// does and reads rollup-plugin-visualizer's raw data. Run: `npx tsx bench/list-chunks.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAdmin, gzipBytes } from './admin-bundle';

interface Raw {
  nodeParts: Record<string, { renderedLength: number; gzipLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

const SCREENS = {
  'Manage reviews (own URL state)': 'plugins/reviews/admin/ReviewList.tsx',
  'request queue (own URL state)': 'plugins/review-requests/admin/queue/QueuePage.tsx',
  'questions (<List>)': 'plugins/questions/admin/QuestionList.tsx',
};
const MACHINERY = { "ra-ui-materialui's list/": /ra-ui-materialui\/.*\/list\//, "ra-core's controller/list/": /ra-core\/.*\/controller\/list\// };

/** Rendered and gzip-alone bytes of the matching modules, per output chunk. */
function modulesByChunk(raw: Raw, match: (id: string) => boolean) {
  const out = new Map<string, { modules: number; rendered: number; gzip: number }>();
  for (const meta of Object.values(raw.nodeMetas)) {
    if (!match(meta.id)) continue;
    for (const [chunk, uid] of Object.entries(meta.moduleParts)) {
      const sum = out.get(chunk) ?? { modules: 0, rendered: 0, gzip: 0 };
      sum.modules++;
      sum.rendered += raw.nodeParts[uid].renderedLength;
      sum.gzip += raw.nodeParts[uid].gzipLength;
      out.set(chunk, sum);
    }
  }
  return out;
}

/** A chunk and every chunk it imports statically. */
function withStaticImports(dist: string, chunk: string, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  const code = fs.readFileSync(path.join(dist, chunk), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) withStaticImports(dist, `assets/${m[1]}`, seen);
  return seen;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-list-chunks-'));
try {
  const dist = path.join(dir, 'admin');
  const build = buildAdmin(dist, { report: true });
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'admin-bundle.json'), 'utf8')) as Raw;
  const initial = new Set(build.initialFiles);
  console.log(`first load: ${build.initialGzipBytes} B gzip`);
  for (const [label, pattern] of Object.entries(MACHINERY))
    for (const [chunk, s] of modulesByChunk(raw, (id) => pattern.test(id)))
      console.log(
        `${label} in ${chunk}${initial.has(chunk) ? ' (first load)' : ''}: ${s.modules} modules, ${s.rendered} B rendered, ${s.gzip} B gzip of each alone`,
      );
  for (const [label, file] of Object.entries(SCREENS))
    for (const chunk of modulesByChunk(raw, (id) => id.endsWith(file)).keys()) {
      const visit = [...withStaticImports(dist, chunk)].filter((f) => !initial.has(f));
      const bytes = visit.reduce((sum, f) => sum + gzipBytes(path.join(dist, f)), 0);
      console.log(`${label}: its chunk ${gzipBytes(path.join(dist, chunk))} B gzip; a first visit loads ${visit.length} files, ${bytes} B gzip`);
    }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
