// Issue 36, guard: the admin's first load does not grow with the number of plugins. Two production
// builds side by side, the shipped plugins alone and with 20 trivial plugins (a menu entry, a lazy
// page, a dashboard card, strings in two languages) generated into a temporary PLUGIN_DIRS folder:
// the initial JavaScript (entry and its static imports, gzip) may grow by less than 2 KB in all.
// No services needed; it lives in the node project because two vite builds cost ~15 s of CPU.
import fs from 'node:fs';
import path from 'node:path';
import { buildAdmin, ROOT } from '../../bench/admin-bundle';

const COUNT = 20;

function writeTrivialPlugin(root: string, i: number) {
  const id = `growth-${String(i).padStart(2, '0')}`;
  const dir = path.join(root, id);
  fs.mkdirSync(path.join(dir, 'admin'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'locales'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'admin/index.tsx'),
    `import { lazy } from 'react';
import { defineAdminPlugin } from '@plaudit/kernel/admin';

export default defineAdminPlugin({
  id: '${id}',
  menu: [{ key: '${id}', labelKey: '${id}:menu', to: '/${id}', position: ${500 + i} }],
  routes: [{ path: '/${id}', component: lazy(() => import('./Page')) }],
  zones: { dashboard: [{ key: '${id}.card', titleKey: '${id}:card.title', descriptionKey: '${id}:card.text', to: '/${id}', position: ${500 + i} }] },
});
`,
  );
  // A page of its own. A page importing react-admin makes rolldown split a shared chunk off the
  // entry (+3.7 KB measured, docs/admin-speed.md): a chunking effect, not the manifests' cost.
  fs.writeFileSync(path.join(dir, 'admin/Page.tsx'), `export default function Page() {\n  return <p>${id}</p>;\n}\n`);
  for (const [lang, word] of [
    ['en', 'Growth'],
    ['de', 'Wachstum'],
  ])
    fs.writeFileSync(
      path.join(dir, 'locales', `${lang}.json`),
      JSON.stringify({ menu: `${word} ${i}`, card: { title: `${word} ${i}`, text: `${word} plugin number ${i}` } }),
    );
}

let work: string;
beforeAll(() => {
  fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  // inside the repository, so the generated plugins resolve react, MUI and the kernel as a real one does
  work = fs.mkdtempSync(path.join(ROOT, '.data', 'admin-first-load-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test(`${COUNT} more plugins add less than 2 KB of initial JavaScript`, () => {
  const plugins = path.join(work, 'plugins');
  for (let i = 1; i <= COUNT; i++) writeTrivialPlugin(plugins, i);
  const without = buildAdmin(path.join(work, 'without'));
  const withMore = buildAdmin(path.join(work, 'with'), { pluginDirs: [plugins] });
  // the plugins were built: each has its page chunk, and its strings are in the language bundle
  const assets = fs.readdirSync(path.join(withMore.dist, 'assets'));
  expect(assets.filter((f) => f.startsWith('Page-')).length).toBeGreaterThanOrEqual(COUNT);
  const growth = withMore.initialGzipBytes - without.initialGzipBytes;
  console.log(`initial JS: ${without.initialGzipBytes} B -> ${withMore.initialGzipBytes} B gzip with ${COUNT} more plugins (+${growth} B)`);
  expect(growth).toBeLessThan(2048);
}, 180_000);
