// Manage reviews' saved views (issue 37 item 12) and its phone layout (item 6): the tab, filters,
// sort and page size saved under a name, applied from the menu beside the tabs, kept in the URL,
// updated, renamed and deleted; a taken name gets spec section 5's message. At 390 px the tabs
// scroll with arrows, the filters fold behind one button and the reviews come first.
import type { Page } from 'playwright-core';
import { adminPage, client, eventually, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(150_000);

const env = usePlatformBrowser();

async function insertReview(shopId: number, content: string, fields: Record<string, unknown> = {}) {
  await env.stack.api.knex('reviews').insert({ shopId, kind: 'store', rating: 4, content, firstName: 'Rae', source: 'admin', status: 'published', ...fields });
}

async function signedIn(viewport?: { width: number; height: number }) {
  const { shop, appToken } = await env.stack.installShop();
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken, viewport);
  for (const [content, rating, status] of [
    ['Loved it, five stars', 5, 'published'],
    ['Broke after a week', 2, 'published'],
    ['Hidden complaint', 1, 'unpublished'],
  ] as const) {
    await insertReview(shop.id, content, { rating, status });
  }
  return { page, errors, http: client(env.stack.appUrl, appToken) };
}

const views = async (http: ReturnType<typeof client>) => (await http.get('/api/saved-views?screen=reviews')).body.items;
const viewsButton = (page: Page) => page.getByRole('button', { name: /Saved views|Low ratings|Everything/ });
const row = (page: Page, text: string) => page.getByTestId('review-row').filter({ hasText: text });

async function nameView(page: Page, menuItem: string | RegExp, name: string) {
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name: menuItem }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('a view is saved, applied from the menu, updated, renamed and deleted; a taken name gets the spec message', async () => {
  const { page, errors, http } = await signedIn();
  await page.goto(`${env.stack.appUrl}/reviews/list`);
  await row(page, 'Hidden complaint').waitFor();

  // the state to keep: the Published tab, oldest first, 20 a page
  await page.getByRole('tab', { name: 'Published', exact: true }).click();
  await row(page, 'Hidden complaint').waitFor({ state: 'detached' });
  await page.getByLabel('Sort').click();
  await page.getByRole('option', { name: 'Oldest' }).click();
  await page.getByLabel('Per page').click();
  await page.getByRole('option', { name: '20', exact: true }).click();
  await page.waitForURL(/limit=20/);

  const saved = await nameView(page, 'Save as a new view…', 'Low ratings');
  await saved.waitFor({ state: 'detached' });
  await viewsButton(page).filter({ hasText: 'Low ratings' }).waitFor();
  const [view] = await views(http);
  expect(view).toMatchObject({ name: 'Low ratings', params: { tab: 'published', sort: 'oldest', limit: '20' } });
  expect(new URL(page.url()).searchParams.get('view')).toBe(String(view.id));

  // the same name in another case: spec section 5's rule, in the dialog, nothing saved
  const clash = await nameView(page, 'Save as a new view…', 'low RATINGS');
  await clash.getByText('Saved view names must be unique.').waitFor();
  await screenshot(page, 'saved-views-name-taken');
  await clash.getByRole('button', { name: 'Cancel' }).click();
  expect(await views(http)).toHaveLength(1);

  // a fresh list (All tab), then the view from the menu: its tab, sort and page size come back
  await page.goto(`${env.stack.appUrl}/reviews/list`);
  await row(page, 'Hidden complaint').waitFor();
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name: 'Low ratings' }).click();
  await row(page, 'Hidden complaint').waitFor({ state: 'detached' });
  expect(await page.getByRole('tab', { name: 'Published', exact: true }).getAttribute('aria-selected')).toBe('true');
  expect(await page.getByTestId('review-content').allTextContents()).toEqual(['Loved it, five stars', 'Broke after a week']);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ tab: 'published', sort: 'oldest', limit: '20', view: String(view.id) });
  await screenshot(page, 'saved-views-applied-1280');

  // a reload keeps the view and the list
  await page.reload();
  await viewsButton(page).filter({ hasText: 'Low ratings' }).waitFor();
  await row(page, 'Broke after a week').waitFor();

  // a change marks the view changed; Update stores the list as it is now
  await page.getByRole('tab', { name: 'Recycle bin' }).click();
  await viewsButton(page).filter({ hasText: 'Low ratings (changed)' }).waitFor();
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name: 'Update “Low ratings” with this list' }).click();
  await viewsButton(page)
    .filter({ hasText: /^Low ratings$/ })
    .waitFor();
  await eventually(async () => (await views(http))[0]?.params.tab === 'trash');
  expect((await views(http))[0].params).toEqual({ tab: 'trash', sort: 'oldest', limit: '20' });

  // rename, then delete: the list stays as it is, without the view
  const renamed = await nameView(page, 'Rename “Low ratings”…', 'Everything');
  await renamed.waitFor({ state: 'detached' });
  await viewsButton(page).filter({ hasText: 'Everything' }).waitFor();
  expect((await views(http)).map((v: { name: string }) => v.name)).toEqual(['Everything']);
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name: 'Delete “Everything”…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await viewsButton(page).filter({ hasText: 'Saved views' }).waitFor();
  expect(await views(http)).toEqual([]);
  expect(new URL(page.url()).searchParams.get('view')).toBeNull();
  expect(new URL(page.url()).searchParams.get('tab')).toBe('trash');
  expect(errors.filter((e) => !/status of 409 .*\/api\/saved-views\)$/.test(e))).toEqual([]);
});

test('phone (390 px): the tabs scroll with arrows to the Recycle bin, the filters fold away, the title is whole', async () => {
  const { page, errors } = await signedIn({ width: 390, height: 844 });
  await page.goto(`${env.stack.appUrl}/reviews/list`);
  await row(page, 'Loved it, five stars').waitFor();

  // no filter field but the search before the first review
  await page.getByRole('button', { name: 'Show filters' }).waitFor();
  expect(await page.getByLabel('Source').count()).toBe(0);
  const firstRow = await row(page, 'Loved it, five stars').boundingBox();
  expect(firstRow!.y + firstRow!.height).toBeLessThan(844);
  await screenshot(page, 'manage-reviews-390');

  // the title in the app bar is not cut off
  const title = page.locator('#react-admin-title');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
  expect(await title.textContent()).toBe('Manage reviews');

  // the tabs that do not fit are behind a visible scroll arrow; the Recycle bin is reached and opens
  const bin = page.getByRole('tab', { name: 'Recycle bin' });
  // the visible part of the tab strip (the tab list itself moves inside it)
  const tabs = page.locator('.MuiTabs-scroller');
  const inView = async () => {
    const [t, list] = [await bin.boundingBox(), await tabs.boundingBox()];
    return !!t && !!list && t.x >= list.x - 1 && t.x + t.width <= list.x + list.width + 1;
  };
  expect(await inView()).toBe(false);
  const arrow = page.locator('.MuiTabs-scrollButtons:not(.Mui-disabled)');
  expect(await arrow.count()).toBe(1);
  expect(await arrow.evaluate((el) => Number(getComputedStyle(el).opacity) > 0 && el.getBoundingClientRect().width > 0)).toBe(true);
  await bin.click();
  await page.waitForURL(/tab=trash/);
  // the tab strip scrolls the chosen tab fully into view
  await page.waitForFunction(() => {
    const [tab, list] = [document.querySelector('[role=tab][aria-selected=true]'), document.querySelector('.MuiTabs-scroller')];
    const [t, l] = [tab!.getBoundingClientRect(), list!.getBoundingClientRect()];
    return tab!.textContent === 'Recycle bin' && t.left >= l.left - 1 && t.right <= l.right + 1;
  });

  // the filters open on demand
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByLabel('Source').waitFor();
  await screenshot(page, 'manage-reviews-390-filters');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});
