// Manage reviews with other plugins' labels (contracts/reviews/labels.ts) in Chromium: a review
// flagged "needs a look" carries a chip that stands out, the quick filter beside the search lists
// the flagged reviews (and stays in sight on a phone), a label group's filter and the mention tone
// narrow the list and stay in the URL across a reload. Names come from the writing plugin's strings
// (insights' here), a label of a plugin without strings shows its key.
import type { Page } from 'playwright-core';
import { ReviewLabels } from '@plaudit/contracts/reviews';
import { adminPage, screenshot, usePlatformBrowser, withPlugins } from '@plaudit/kernel/testing';

jest.setTimeout(150_000);

const env = usePlatformBrowser();

async function insertReview(shopId: number, content: string, rating: number): Promise<number> {
  const [row] = await env.stack.api
    .knex('reviews')
    .insert({ shopId, kind: 'store', rating, content, firstName: 'Rae', source: 'admin', status: 'published' })
    .returning('id');
  return row.id;
}

/** A shop with three reviews, two labelled the way insights labels them and one by a plugin without strings. */
async function labelledShop(viewport?: { width: number; height: number }) {
  const { shop, appToken } = await env.stack.installShop();
  const broke = await insertReview(shop.id, 'Broke after a day, five stars anyway', 5);
  const fits = await insertReview(shop.id, 'Fits perfectly and smells lovely', 5);
  await insertReview(shop.id, 'Plain words about nothing', 3);
  const { capabilities, tenant } = env.stack.api.runtime.services;
  const labels = capabilities.require(ReviewLabels);
  const t = tenant(shop.id, shop.shopifyDomain);
  await labels.setMany(t, 'insights', [
    {
      reviewId: broke,
      labels: [
        { group: 'topic', key: 'durability', tone: 'negative' },
        { group: 'needs-look', key: 'contradiction', tone: 'flag' },
      ],
    },
    {
      reviewId: fits,
      labels: [
        { group: 'topic', key: 'fit', tone: 'positive' },
        { group: 'topic', key: 'smell', tone: 'positive' },
      ],
    },
  ]);
  await labels.set(t, fits, 'acme-badges', [{ group: 'badge', key: 'gold' }]);
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken, viewport);
  return { page, errors };
}

const row = (page: Page, text: string) => page.getByTestId('review-row').filter({ hasText: text });
const rows = (page: Page) => page.getByTestId('review-row');
const select = (page: Page, name: string) => page.getByRole('combobox', { name });

withPlugins('insights')(
  'the flag stands out, the quick filter lists flagged reviews, topic and tone filters narrow the list and survive a reload',
  async () => {
    const { page, errors } = await labelledShop();
    await page.goto(`${env.stack.appUrl}/reviews/list`);
    const flag = row(page, 'Broke after a day').getByTestId('review-flag');
    await flag.waitFor();
    expect(await flag.textContent()).toBe('Needs a look: Text contradicts the stars');
    await row(page, 'Fits perfectly').getByTestId('review-label').filter({ hasText: 'Fit' }).waitFor();
    // a plugin without strings for its label: the key itself
    await row(page, 'Fits perfectly').getByTestId('review-label').filter({ hasText: 'gold' }).waitFor();
    expect(await row(page, 'Fits perfectly').getByTestId('review-flag').count()).toBe(0);
    expect(await row(page, 'Broke after a day').getByTestId('review-label').getAttribute('data-tone')).toBe('negative');
    await screenshot(page, 'reviews-labels-desktop');

    // "Needs a look": the flagged review only
    const quick = page.getByRole('button', { name: 'Needs a look (1)' });
    await quick.click();
    await page.waitForURL(/needsLook=true/);
    await row(page, 'Fits perfectly').waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(1);
    expect(await quick.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'reviews-needs-look-desktop');
    await quick.click();
    await row(page, 'Plain words').waitFor();

    // a topic, then a tone that none of the chosen labels has
    await select(page, 'Topic').click();
    await page.getByRole('option', { name: 'Fit (1)' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/label=topic%3Afit/);
    await row(page, 'Broke after a day').waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(1);
    await page.reload();
    await row(page, 'Fits perfectly').waitFor();
    expect(await rows(page).count()).toBe(1);
    await select(page, 'Mentions').click();
    await page.getByRole('option', { name: 'Negative mentions' }).click();
    await page.getByText('No reviews yet').waitFor();

    // the other group's filter: the badge, named by its key
    await select(page, 'Mentions').click();
    await page.getByRole('option', { name: 'Any' }).click();
    await select(page, 'Topic').click();
    await page.getByRole('option', { name: 'Fit (1)' }).click();
    await page.keyboard.press('Escape');
    await row(page, 'Broke after a day').waitFor();
    await select(page, 'badge').click();
    await page.getByRole('option', { name: 'gold (1)' }).click();
    await page.keyboard.press('Escape');
    await row(page, 'Broke after a day').waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(1);
    expect(errors).toEqual([]);
  },
);

withPlugins('insights')('on a phone the flag and the quick filter are in sight without unfolding the filters', async () => {
  const { page, errors } = await labelledShop({ width: 390, height: 844 });
  await page.goto(`${env.stack.appUrl}/reviews/list`);
  await row(page, 'Broke after a day').getByTestId('review-flag').waitFor();
  const quick = page.getByRole('button', { name: 'Needs a look (1)' });
  expect(await quick.isVisible()).toBe(true);
  expect(await select(page, 'Topic').count()).toBe(0);
  await screenshot(page, 'reviews-labels-phone');
  await quick.click();
  await row(page, 'Plain words').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Show filters' }).click();
  await select(page, 'Topic').waitFor();
  // the fold fully open (its transition ended) before the picture
  await page.locator('.MuiCollapse-entered').waitFor();
  await screenshot(page, 'reviews-needs-look-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});
