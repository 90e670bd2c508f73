// "Draft a reply" on the reply screen in Chromium, against the real API and the integrations
// emulator's OpenAI double: the offline draft fills the field (never sent), marked as a draft until
// edited, Undo brings back what the merchant had typed; with a language model set in Settings →
// Review insights (the key never shown again), the model's draft says so; without the plugin (its
// route answering 404) there is no button. Screenshots at 1280 and 390 px.
import type { Page } from 'playwright-core';
import { adminPage, client, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();
const PHONE = { width: 390, height: 844 };
const MODEL_REPLY = 'Hi Sam, we are so sorry the box arrived crushed. Please write to help@maple.example and we will make it right.\n\nMaple & Co';

const replyField = (page: Page) => page.getByRole('textbox', { name: 'Your reply' });
const mark = (page: Page) => page.getByTestId('reply-draft-mark');

async function shopWithReview() {
  const { appToken } = await env.stack.installShop();
  const http = client(env.stack.appUrl, appToken);
  const created = await http.post('/api/reviews', {
    rating: 2,
    content: 'The delivery took three weeks and the box arrived crushed.',
    productId: 'gid://shopify/Product/3701',
    firstName: 'Sam',
    status: 'published',
  });
  expect(created.status).toBe(201);
  return { appToken, http, reviewId: created.body.id as number };
}

test('the offline draft fills the field, marked until edited, Undo restores; a model draft says so (desktop and phone)', async () => {
  const { appToken, http, reviewId } = await shopWithReview();
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/reviews/reply/${reviewId}`);
  await replyField(page).fill('Thanks Sam, let me check');
  await page.getByRole('button', { name: 'Draft a reply' }).click();

  await mark(page).getByText('Draft written by the app from the review. Edit it before you send it.').waitFor();
  const offline = await replyField(page).inputValue();
  expect(offline).toMatch(/^Hi Sam,\n\nThank you for taking the time to tell us about this\. We're sorry to hear about the trouble with the delivery/);
  expect(offline).toContain('Please get in touch with our customer service');
  await screenshot(page, 'insights-reply-draft-offline');

  await mark(page).getByRole('button', { name: 'Undo' }).click();
  await mark(page).waitFor({ state: 'detached' });
  expect(await replyField(page).inputValue()).toBe('Thanks Sam, let me check');

  // drafted again, then edited: no longer marked as a draft
  await page.getByRole('button', { name: 'Draft a reply' }).click();
  await mark(page).waitFor();
  await replyField(page).press('End');
  await replyField(page).pressSequentially(' Mia');
  await mark(page).waitFor({ state: 'detached' });
  // never sent: the review has no reply
  expect((await http.get(`/api/reviews/${reviewId}`)).body.replyContent ?? null).toBeNull();
  expect(errors).toEqual([]);

  // a language model, set on the settings tab; its key is not shown again
  env.stack.integrations.control('openai', 'key', { key: 'sk-browser-1' });
  env.stack.integrations.control('openai', 'reply', { text: MODEL_REPLY });
  await page.goto(`${env.stack.appUrl}/settings/insights`);
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'OpenAI-compatible endpoint' }).click();
  await page.getByRole('textbox', { name: 'Base URL' }).fill('https://api.openai.com/v1');
  await page.getByRole('textbox', { name: 'Model' }).fill('gpt-4o-mini');
  await page.getByLabel('API key').fill('sk-browser-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Settings saved').waitFor();
  await page.getByText('A key is kept (encrypted).', { exact: false }).waitFor();
  expect(await page.getByLabel('API key').inputValue()).toBe('');
  expect(await page.content()).not.toContain('sk-browser-1');
  await screenshot(page, 'insights-settings-model');

  const phone = await adminPage(env.browser, env.stack.appUrl, appToken, PHONE);
  await phone.page.goto(`${env.stack.appUrl}/reviews/reply/${reviewId}`);
  await phone.page.getByRole('button', { name: 'Draft a reply' }).click();
  await mark(phone.page).getByText('Draft written by a language model (OpenAI-compatible · gpt-4o-mini). Check and edit it before you send it.').waitFor();
  expect(await replyField(phone.page).inputValue()).toBe(MODEL_REPLY);
  await screenshot(phone.page, 'insights-reply-draft-model-phone');
  expect(env.stack.integrations.received.filter((r) => r.vendor === 'openai' && r.headers.authorization === 'Bearer sk-browser-1')).toHaveLength(1);
  expect([...errors, ...phone.errors]).toEqual([]);
});

test('without the insights plugin (its route answers 404) the reply screen has no "Draft a reply"', async () => {
  const { appToken, reviewId } = await shopWithReview();
  const { page } = await adminPage(env.browser, env.stack.appUrl, appToken);
  // what the API answers for a route no plugin mounts: the plugin's absence as the reply screen sees it
  await page.route('**/api/insights/reviews/*/reply-draft', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Not Found' }) }),
  );
  const probed = page.waitForResponse('**/api/insights/reviews/*/reply-draft');
  await page.goto(`${env.stack.appUrl}/reviews/reply/${reviewId}`);
  expect((await probed).status()).toBe(404);
  await page.getByRole('button', { name: 'Send reply' }).waitFor();
  // the answer handled and drawn (two frames), the form is as the merchant sees it
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.getByRole('button', { name: 'Draft a reply' }).count()).toBe(0);
});
