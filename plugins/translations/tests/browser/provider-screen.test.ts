// The "Review translation" section of /translations in Chromium against the real API, worker and the
// integrations emulator's DeepL double: a second-tier merchant is told LibreTranslate is not set up
// by the operator, chooses DeepL, is told a missing key is required, is refused a wrong key in
// DeepL's words, saves the right one (shown masked after a reload), sees DeepL's languages (Hindi
// and Vietnamese unavailable: the double lacks them), and translates every review into German with
// progress to completed. A free shop sees the upgrade.
// Screenshots at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import {
  adminPage,
  client,
  createShop,
  eventually,
  type PlatformStack,
  screenshot,
  startPlatformStack,
  startTestWorker,
  useBrowser,
  withPlugins,
} from '@plaudit/kernel/testing';

jest.setTimeout(180_000);

// a worker of this file's own: the bulk run's activities must call the DeepL double of this stack
const env = {} as { stack: PlatformStack; browser: Browser };
useBrowser(
  async () => {
    const s = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `translations-browser-${process.pid}` });
    const stopWorker = await startTestWorker(s.api.config);
    return { ...s, close: async () => (await stopWorker(), await s.close()) };
  },
  (stack, browser) => Object.assign(env, { stack, browser }),
);
const OLD_INSTALL = new Date('2025-01-01'); // before the full-access cut-off: the plan decides
const PHONE = { width: 390, height: 844 };

const SPANISH = [
  'El producto es muy bueno y llegó rápido, gracias.',
  'La taza es bonita y el color es precioso.',
  'Muy contenta con la compra, la recomiendo a todos.',
];

const chip = (page: Page, code: string) => page.getByTestId(`language-${code}`);

/** Back to the top for a full-page shot (a click scrolled), once the tabs' underline has moved back under its tab. */
async function fromTheTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await eventually(
    () =>
      page.evaluate(() => {
        const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.getBoundingClientRect();
        const line = document.querySelector('.MuiTabs-indicator')?.getBoundingClientRect();
        return !!tab && !!line && Math.abs(tab.left - line.left) < 1 && Math.abs(tab.width - line.width) < 1;
      }),
    10_000,
  );
}

async function openReviewSection(page: Page) {
  await page.goto(`${env.stack.appUrl}/translations`);
  await page.getByRole('tab', { name: 'Review translation' }).click();
  await eventually(async () => new URL(page.url()).searchParams.get('section') === 'reviews', 10_000);
}

// the screen opens on the widgets' labels (their catalog is the widgets plugin's)
withPlugins('widgets')("DeepL: required key, refused key in DeepL's words, saved and masked, its languages, all reviews into German", async () => {
  const { token } = await createShop(env.stack.api, { plan: 'advanced', installedAt: OLD_INSTALL });
  const http = client(env.stack.api.url, token);
  const ids: number[] = [];
  for (const content of SPANISH) {
    ids.push((await http.post('/api/reviews', { rating: 5, content, productId: 'gid://shopify/Product/9101', firstName: 'Ana', status: 'published' })).body.id);
  }
  expect(ids.every(Number.isInteger)).toBe(true);
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, token);
  await openReviewSection(page);

  // no LibreTranslate server in this stack: the operator's to set up, the merchant is told so
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'LibreTranslate (self-hosted)' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText("The app's operator has not set up this server yet.", { exact: false }).waitFor();

  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'DeepL', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('This field is required').waitFor();
  await page.getByText('failed to save').waitFor();

  const key = page.getByLabel('DeepL API key');
  await key.fill('not-a-deepl-key-0000:fx');
  await page.getByText('This field is required').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('DeepL refused the key: Authorization failure, check authentication key').waitFor();
  await screenshot(page, 'translations-review-0-refused-desktop');

  const good = `plaudit-${Date.now()}-9876:fx`;
  env.stack.integrations.control('deepl', 'key', { key: good });
  await key.fill(good);
  await page.getByLabel('Translate reviews automatically').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('saved successfully').waitFor();
  // the languages are DeepL's own list: German yes, Hindi and Vietnamese not (never faked)
  await chip(page, 'de').getByText('Available', { exact: true }).waitFor();
  await chip(page, 'hi').getByText('Unavailable', { exact: true }).waitFor();
  await chip(page, 'vi').getByText('Unavailable', { exact: true }).waitFor();
  expect(await chip(page, 'hi').getByRole('button').count()).toBe(0);

  await page.reload();
  await page.getByLabel('DeepL API key').waitFor();
  expect(await page.getByLabel('DeepL API key').inputValue()).toBe('••••6:fx');
  expect(await page.getByLabel('Translate reviews automatically').isChecked()).toBe(true);
  await screenshot(page, 'translations-review-1-deepl-desktop');

  await page.getByRole('button', { name: 'Translate all reviews into German' }).click();
  await chip(page, 'de').getByText('Completed. Reviews checked: 3 of 3, translated: 3').waitFor({ timeout: 60_000 });
  await fromTheTop(page);
  await screenshot(page, 'translations-review-2-bulk-desktop');
  // the run's translations are the ones kept for the storefront: DeepL's (the double marks them)
  const items = (await http.get(`/api/translations/reviews?ids=${ids.join(',')}&lang=de`)).body.items;
  expect(items.map((i: { translation: { content: string } }) => i.translation.content)).toEqual(SPANISH.map((t) => `[DE] ${t}`));

  await page.setViewportSize(PHONE);
  await fromTheTop(page);
  await screenshot(page, 'translations-review-3-phone');
  // allowed: the browser's note of the refused saves' 400s
  expect(errors.filter((e) => !/status of 400 .*\/provider\)$/.test(e))).toEqual([]);
});

withPlugins('widgets')('below the second tier the section offers the upgrade; the labels stay', async () => {
  const { token } = await createShop(env.stack.api, { plan: 'free', installedAt: OLD_INSTALL });
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, token, PHONE);
  await page.goto(`${env.stack.appUrl}/settings/translations?section=reviews`);
  await page.getByText('Review translation is part of the Advanced and Enterprise plans.', { exact: false }).waitFor();
  const upgrade = page.getByRole('link', { name: 'See plans' });
  expect(await upgrade.getAttribute('href')).toMatch(/\/subscription\?tier=second$/);
  await screenshot(page, 'translations-review-4-upgrade-phone');
  await page.getByRole('tab', { name: 'Widget labels' }).click();
  await page.getByRole('region', { name: 'Review box' }).getByLabel('Title', { exact: true }).waitFor();
  expect(errors).toEqual([]);
});

test("in the shop's language (German) at phone width", async () => {
  const { token } = await createShop(env.stack.api, { plan: 'advanced', installedAt: OLD_INSTALL, primaryLocale: 'de' });
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, token, PHONE);
  await page.goto(`${env.stack.appUrl}/translations?section=reviews`);
  await page.getByRole('tab', { name: 'Übersetzung der Bewertungen', selected: true }).waitFor();
  await page.getByRole('heading', { name: 'Übersetzungsdienst' }).waitFor();
  await page.getByTestId('language-de').getByText('Deutsch').waitFor();
  await page.getByLabel('Bewertungen automatisch übersetzen').waitFor();
  await screenshot(page, 'translations-review-5-de-phone');
  expect(errors).toEqual([]);
});
