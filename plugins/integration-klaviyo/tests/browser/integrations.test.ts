// Settings → Integrations and the Klaviyo screen in Chromium: the tab lists every installed
// integration's card; a wrong private key is refused with the spec's message, the right one connects
// (the field is cleared and never read back), disconnect; a key Klaviyo later revokes shows why the
// integration disconnected itself; the Flow page shows which triggers Flow reported in use; the
// request timing screen offers Klaviyo as the requests' sender once connected. Desktop and phone
// screenshots.
import { adminPage, client, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test('the integrations tab, a wrong then a right Klaviyo key, disconnect, and a revoked key explained', async () => {
  const { stack, browser } = env;
  const { appToken, shop, domain } = await stack.installShop();
  stack.integrations.control('klaviyo', 'key', { key: 'pk_right_key_123' });
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  await page.goto(`${stack.appUrl}/settings/integrations`);
  for (const card of ['Klaviyo email marketing', 'Omnisend integration', 'Smile.io loyalty', 'Shopify Flow automation'])
    await page.getByText(card, { exact: true }).first().waitFor();
  await screenshot(page, 'integrations-1-tab-desktop');

  await page.getByText('Klaviyo email marketing', { exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Klaviyo' }).waitFor();
  await page.getByText('Not connected', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByText('This field is required').waitFor();
  await page.getByLabel('Private API key').fill('pk_wrong');
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByText('Please re-check the App ID, Secret key or network condition').waitFor();
  await page.getByLabel('Private API key').fill('pk_right_key_123');
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByText('Connected', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Disconnect' }).waitFor();
  await screenshot(page, 'integrations-2-klaviyo-connected-desktop');
  expect(await page.content()).not.toContain('pk_right_key_123');

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByText('Not connected', { exact: true }).waitFor();

  // connected again, then the key is revoked at Klaviyo and a delivery notices it
  await stack.api.runtime.services.integrations.connect(shop.id, 'klaviyo', { privateKey: 'pk_right_key_123' });
  await stack.api.runtime.services.integrations.revoked(shop.id, 'klaviyo', 'Klaviyo refused the private API key (403)');
  await page.reload();
  await page.getByText('Klaviyo disconnected itself: Klaviyo refused the private API key (403). Connect it again with a valid key.').waitFor();
  // the one failed call is the wrong key's, refused on purpose
  expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/integrations\/klaviyo\)$/)]);

  const phone = await adminPage(browser, stack.appUrl, appToken, { width: 390, height: 844 });
  await phone.page.goto(`${stack.appUrl}/settings/integration/klaviyo`);
  await phone.page.getByRole('heading', { level: 1, name: 'Klaviyo' }).waitFor();
  await screenshot(phone.page, 'integrations-3-klaviyo-phone');
  // Flow reports which triggers the shop's enabled workflows use; the page says so beside each
  await stack.control(`/shops/${domain}/flow/lifecycle`, { trigger: 'review-created', enabled: true });
  await stack.control(`/shops/${domain}/flow/lifecycle`, { trigger: 'negative-review-received', enabled: false });
  await phone.page.goto(`${stack.appUrl}/settings/integration/flow`);
  await phone.page.getByText('Shopify Flow', { exact: false }).first().waitFor();
  await phone.page.locator('[data-flow-handle="review-created"]').getByText('Used by an enabled workflow').waitFor();
  await phone.page.locator('[data-flow-handle="negative-review-received"]').getByText('No enabled workflow').waitFor();
  expect(await phone.page.locator('[data-flow-handle="review-published"] .MuiChip-root').count()).toBe(0);
  await screenshot(phone.page, 'integrations-4-flow-phone');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('request timing: "Send review requests with" offers Klaviyo once connected, and saves it (desktop and phone)', async () => {
  const { stack, browser } = env;
  const { appToken, shop } = await stack.installShop();
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  const sender = page.getByRole('combobox', { name: 'Send review requests with' });

  await page.goto(`${stack.appUrl}/collect-reviews/setting-request`);
  await sender.click();
  // not connected: offered, but not to be chosen
  expect(await page.getByRole('option', { name: 'Klaviyo (connect it first)' }).getAttribute('aria-disabled')).toBe('true');
  await page.keyboard.press('Escape');

  await stack.api.runtime.services.integrations.connect(shop.id, 'klaviyo', { privateKey: 'pk_right_key_123' });
  await page.reload();
  await sender.click();
  await page.getByRole('option', { name: 'Klaviyo', exact: true }).click();
  await page.getByText('Plaudit sends no email: at the send time your Klaviyo flow', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved successfully').waitFor();
  await screenshot(page, 'integrations-5-request-sender-desktop');
  expect((await client(stack.appUrl, appToken).get('/api/email')).body.data.senderApp).toBe('klaviyo');
  expect(errors).toEqual([]);

  const phone = await adminPage(browser, stack.appUrl, appToken, { width: 390, height: 844 });
  await phone.page.goto(`${stack.appUrl}/collect-reviews/setting-request`);
  await phone.page.getByRole('combobox', { name: 'Send review requests with' }).filter({ hasText: 'Klaviyo' }).waitFor();
  await screenshot(phone.page, 'integrations-6-request-sender-phone');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
