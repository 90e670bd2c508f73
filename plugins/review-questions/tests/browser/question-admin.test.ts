// The merchant's screen in Chromium: from the Collect reviews hub to /review-questions, a yes/no
// "would recommend" question and a fit scale created through the forms, listed with their kind and
// scope; the server's refusal (a second recommend question) shown. Screenshots at 1280 px.
import { adminPage, client, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test("questions are created from the admin forms and listed; a refused save shows the server's reason", async () => {
  const { stack, browser } = env;
  const { appToken } = await stack.installShop();
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  await page.goto(`${stack.appUrl}/collect-reviews`);
  await page.getByRole('link', { name: /Review questions/ }).click();
  await page.waitForURL(/\/review-questions$/);
  await page.getByText('No questions yet').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Review questions' }).waitFor();

  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('heading', { level: 1, name: 'Add a question' }).waitFor();
  await page.getByLabel('Question *').fill('Would you recommend it?');
  await page.getByLabel('Kind *').click();
  await page.getByRole('option', { name: 'Yes / no' }).click();
  await page.getByLabel('This is the "would recommend" question').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('row', { name: /Would you recommend it\?/ }).waitFor();

  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('Question *').fill('How does it fit?');
  await page.getByLabel('Low end label *').fill('Runs small');
  await page.getByLabel('High end label *').fill('Runs large');
  await page.getByLabel('Asked for *').click();
  await page.getByRole('option', { name: 'Product types' }).click();
  await page.getByLabel('Product types or tags').fill('Apparel\nShoes');
  await screenshot(page, 'review-questions-1-form');
  await page.getByRole('button', { name: 'Save' }).click();
  const fit = page.getByRole('row', { name: /How does it fit\?/ });
  await fit.waitFor();
  expect(await fit.textContent()).toContain('Product types: Apparel, Shoes');
  await screenshot(page, 'review-questions-2-list');

  const stored = (await client(stack.appUrl, appToken).get('/api/review-questions')).body.items;
  expect(stored.map((q: { label: string; kind: string; recommend: boolean }) => [q.label, q.kind, q.recommend])).toEqual([
    ['Would you recommend it?', 'yesno', true],
    ['How does it fit?', 'scale', false],
  ]);

  // a second recommend question: the server's message shown, nothing saved
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('Question *').fill('Would you buy it again?');
  await page.getByLabel('Kind *').click();
  await page.getByRole('option', { name: 'Yes / no' }).click();
  await page.getByLabel('This is the "would recommend" question').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Another question is already the "would recommend" question').waitFor();
  expect((await client(stack.appUrl, appToken).get('/api/review-questions')).body.items).toHaveLength(2);
  // the browser logs the refused request itself; nothing else went wrong
  expect(errors.filter((e) => !/status of 400 .*\/api\/review-questions\)$/.test(e))).toEqual([]);
  expect(errors).toHaveLength(1);
});
