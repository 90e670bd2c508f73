// The admin speaks the shop's language (admin locale, else a supported primary locale, else English);
// a picked language is saved and kept; a failed save says so and changes nothing.
import type { Browser, Page } from 'playwright-core';
import { createShop, startTestApi, type TestApi } from '../support/api';
import { adminPage } from '../support/admin-session';
import { screenshot, useBrowser } from '../support/browser';

let api: TestApi;
let browser: Browser;
useBrowser(
  () => startTestApi(),
  (s, b) => {
    api = s;
    browser = b;
  },
);

function puts(page: Page) {
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/shops')) bodies.push(r.postData() ?? '');
  });
  return bodies;
}

test('the shop language applies without a save; a pick is saved and kept; a failed save toasts and stays', async () => {
  const { shop, token } = await createShop(api, { name: 'Locale Shop', primaryLocale: 'de', extendedMode: true });
  const { page, errors } = await adminPage(browser, api.url, token);
  const bodies = puts(page);
  await page.goto(`${api.url}/`);
  await page.getByRole('menuitem', { name: 'Übersicht' }).waitFor();
  expect(bodies).toEqual([]);
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page.getByRole('menuitem', { name: 'Tableau de bord' }).waitFor();
  expect(bodies).toEqual(['{"adminLocale":"fr"}']);
  expect((await api.knex('shops').where({ id: shop.id }).first()).adminLocale).toBe('fr');
  await page.reload();
  await page.getByRole('menuitem', { name: 'Tableau de bord' }).waitFor();

  await page.route('**/api/shops', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{"message":"boom"}', contentType: 'application/json' }) : route.continue(),
  );
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await page.getByText('Impossible de changer de langue').waitFor();
  await screenshot(page, 'locale-failed');
  expect(await page.getByRole('menuitem', { name: 'Tableau de bord' }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Français' }).count()).toBe(1);
  // The forced 500 is the only console error.
  expect(errors.filter((e) => !e.includes('500'))).toEqual([]);
});

test.each([
  ['ja', ['ダッシュボード', '顧客アンケート', 'AIチャットボット', '設定', 'おすすめアプリ']],
  ['de', ['Übersicht', 'Kundenumfrage', 'KI-Chatbot', 'Einstellungen', 'Empfohlene Apps']],
])('a %s shop sees its whole menu in its language', async (locale, labels) => {
  const { token } = await createShop(api, { adminLocale: locale, extendedMode: true });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/embed`);
  await page.getByRole('menuitem', { name: labels[0] }).waitFor();
  const menu = (await page.getByRole('menuitem').allInnerTexts()).map((l) => l.trim());
  for (const label of labels) expect(menu).toContain(label);
  await screenshot(page, `menu-${locale}`);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('admin locale first, else a supported primary locale, else English', async () => {
  for (const [fields, label] of [
    [{ adminLocale: 'ja', primaryLocale: 'de' }, 'ダッシュボード'],
    [{ primaryLocale: 'pt-BR' }, 'Painel'],
    [{ primaryLocale: 'sv' }, 'Dashboard'],
  ] as const) {
    const { token } = await createShop(api, { ...fields, extendedMode: true });
    const { page } = await adminPage(browser, api.url, token);
    await page.goto(`${api.url}/`);
    await page.getByRole('menuitem', { name: label }).waitFor();
    await page.context().close();
  }
});
