// The dashboard: quickstart progress, app status with its toast, and the survey widget's rule over
// time (spec section 2); screenshots at desktop and phone widths are kept in test-results/.
import type { Browser } from 'playwright-core';
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

const SURVEY = 'How are we doing?';

test('quickstart progress and app status', async () => {
  const { token, shop } = await createShop(api, { name: 'Progress Shop', quickstart: JSON.stringify({ businessType: true, appEmbed: true, reviewBox: true }) });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/`);
  await page.getByText('3 of 11 steps done').waitFor();
  await screenshot(page, 'dashboard-desktop');
  await page.getByLabel('Turn off').click();
  await page.getByText('App disabled').waitFor();
  expect((await api.knex('shops').where({ id: shop.id }).first()).appStatus).toBe(false);
  const phone = await adminPage(browser, api.url, token, { width: 390, height: 844 });
  await phone.page.goto(`${api.url}/`);
  await phone.page.getByText('3 of 11 steps done').waitFor();
  await screenshot(phone.page, 'dashboard-phone');
  expect(errors).toEqual([]);
});

test('the survey widget follows its rule over time', async () => {
  const { token, shop } = await createShop(api, { name: 'Survey Shop', setupDone: false });
  const setSurvey = (survey: object, extra: object = {}) =>
    api
      .knex('shops')
      .where({ id: shop.id })
      .update({ surveyWidget: JSON.stringify(survey), ...extra });
  const { page } = await adminPage(browser, api.url, token);
  const visibleAt = async (path: string) => {
    await page.goto(`${api.url}${path}`);
    await page.getByText('Welcome, Survey Shop').waitFor();
    return (await page.getByText(SURVEY).count()) > 0;
  };

  expect(await visibleAt('/')).toBe(false); // setup not done
  await setSurvey({ closedAt: null, closeCount: 0, isSubmitted: false }, { setupDone: true });
  expect(await visibleAt('/')).toBe(true);

  await page.getByRole('region', { name: SURVEY }).getByRole('button', { name: 'Close' }).click();
  await page.getByText(SURVEY).waitFor({ state: 'detached' });
  const closed = (await api.knex('shops').where({ id: shop.id }).first()).surveyWidget;
  expect(closed.closeCount).toBe(1);
  expect(await visibleAt('/')).toBe(false); // closed within the last day

  await setSurvey({ ...closed, closedAt: new Date(Date.now() - 25 * 3600 * 1000).toISOString() });
  expect(await visibleAt('/')).toBe(true); // a day later
  await setSurvey({ closedAt: new Date(Date.now() - 48 * 3600 * 1000).toISOString(), closeCount: 3, isSubmitted: false });
  expect(await visibleAt('/')).toBe(false); // closed three times

  await setSurvey({ closedAt: null, closeCount: 0, isSubmitted: false });
  expect(await visibleAt('/')).toBe(true);
  // MUI's Rating hides its radios; a merchant clicks the star, which is the radio's label.
  const star = await page.getByRole('radio', { name: '4 Stars' }).getAttribute('id');
  await page.locator(`label[for="${star}"]`).click();
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText(SURVEY).waitFor({ state: 'detached' });
  expect((await api.knex('shops').where({ id: shop.id }).first()).surveyWidget.isSubmitted).toBe(true);
});
