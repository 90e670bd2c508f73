// No merchant ever reads a translation key (issue 37, item 3): every route of the admin's route
// table (the kernel's, each plugin's `routes`, `resources` and settings tabs, read from the admin
// manifests of every plugin folder the app loads) is opened, and its visible text outside inputs must
// hold no dotted lower-case identifier (`common.no_reviews`, `emails.types.x.name`, `box.title`).
// Routes with a parameter (`/reviews/:id`) are left out: their ids belong to other tests' data.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createShop, eventually, startTestApi, type TestApi } from '../support/api';
import { adminPage } from '../support/admin-session';
import { useBrowser } from '../support/browser';

const ROOT = path.resolve(__dirname, '../..');
let api: TestApi;
let browser: Browser;
useBrowser(
  () => startTestApi({ DEV_ZONE: 'on' }),
  (s, b) => {
    api = s;
    browser = b;
  },
);

/** The paths an admin manifest declares: routes' `path`, resources' `name`, settings tabs' `key`. */
export function manifestRoutes(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\bpath:\s*'([^']+)'/g)) found.push(m[1]);
  for (const m of source.matchAll(/\bresources:\s*\[([^\]]*)\]/gs)) for (const r of m[1].matchAll(/\bname:\s*'([^']+)'/g)) found.push(`/${r[1]}`);
  for (const m of source.matchAll(/\bsettingsTabs:\s*\[([\s\S]*?)\]\s*,?\s*\n/g))
    for (const t of m[1].matchAll(/\bkey:\s*'([^']+)'/g)) found.push(`/settings/${t[1]}`);
  return found.filter((p) => !p.includes(':') && !p.includes('*'));
}

function adminRoutes(): string[] {
  const dirs = [
    path.join(ROOT, 'plugins'),
    ...(process.env.PLUGIN_DIRS ?? '')
      .split(':')
      .filter(Boolean)
      .map((d) => path.resolve(ROOT, d)),
  ];
  const routes = new Set(['/', '/dashboard', '/settings']);
  for (const dir of dirs) {
    for (const id of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
      const file = ['index.tsx', 'index.ts'].map((f) => path.join(dir, id, 'admin', f)).find((f) => fs.existsSync(f));
      if (file) for (const r of manifestRoutes(fs.readFileSync(file, 'utf8'))) routes.add(r);
    }
  }
  return [...routes];
}

// a.b, a.b_c, a.bC.d: lower-case dotted identifiers; a host name or a file name is not a key
const KEY_SHAPED = /(?<![\w@/.-])[a-z][a-z0-9_]*(?:\.[a-z][a-zA-Z0-9_]*)+(?![\w@/-])/g;
const NOT_KEYS = /\.(com|net|org|io|app|dev|co|me|shop|store|de|fr|jp|uk|csv|xlsx|json|jpg|jpeg|png|gif|webp|mp4|mov|webm|pdf|txt|js|css|html)$/;

export const keysIn = (text: string) => [...text.matchAll(KEY_SHAPED)].map((m) => m[0]).filter((k) => !NOT_KEYS.test(k));

test('the key pattern finds keys and spares host names, files and sentences', () => {
  expect(keysIn('emails.types.discountNotification.name | Label common.no_reviews and box.based_on_one.')).toEqual([
    'emails.types.discountNotification.name',
    'common.no_reviews',
    'box.based_on_one',
  ]);
  expect(keysIn('plaudit-demo.myshopify.com, reviews.csv, Ends. Next, v1.2, $19.90, a@b.example.com')).toEqual([]);
});

// what proves these pages rendered their data before the text is read
const SHOWS: Record<string, string> = { '/collect-reviews/emails': 'Review discount', '/translations': 'Review box' };

let page: Page;
beforeAll(async () => {
  const { token } = await createShop(api, { name: 'Key Shop' });
  ({ page } = await adminPage(browser, api.url, token));
});

test('the walk covers the screens that showed keys', () => {
  expect(adminRoutes()).toEqual(expect.arrayContaining(Object.keys(SHOWS)));
});

// one test per route, each a full page load: the text read is the route's own, not a transition's old screen
test.each(adminRoutes())('%s shows no translation key', async (route) => {
  await page.goto(`${api.url}${route}`);
  await page.waitForLoadState('networkidle');
  if (SHOWS[route]) await page.getByText(SHOWS[route]).first().waitFor();
  // a spinner or an indeterminate bar means data still coming (a bar with a value is content)
  await eventually(async () => (await page.locator('[role="progressbar"]:not([aria-valuenow])').count()) === 0, 30_000);
  // biome-ignore lint/performance/useDomNodeTextContent: what the merchant sees, not hidden nodes' text
  expect(keysIn(await page.locator('body').innerText())).toEqual([]);
});
