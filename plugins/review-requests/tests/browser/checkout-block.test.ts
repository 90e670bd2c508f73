// The thank-you and order-status block (issue 32, extensions/plaudit-review-channel) as the store
// emulator's checkout renders it: the extension built from source, run in its sandbox with the
// documented `shopify` API and session token. A shopper checks out from the storefront cart, picks
// WhatsApp with consent on the Thank you page, and the order's request goes by WhatsApp once the order
// ships (the workflow got the choice). A delivered order's status page shows "Rate your items" with
// links to the signed write pages. Its own worker: the WhatsApp Cloud API is this stack's emulator.
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import {
  currentDetails,
  eventually,
  screenshot,
  startPlatformStack,
  startTestWorker,
  storeSettingsRaw,
  client,
  useBrowser,
  withPlugins,
  type PlatformStack,
} from '@plaudit/kernel/testing';
import { reviewRequestWorkflowId } from '../../workflows/messages';

jest.setTimeout(180_000);

const env = {} as { stack: PlatformStack; browser: Browser };
useBrowser(
  async () => {
    const stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `checkout-block-${process.pid}` });
    const stopWorker = await startTestWorker(stack.api.config);
    return { ...stack, close: async () => (await stopWorker(), await stack.close()) };
  },
  (stack, browser) => Object.assign(env, { stack, browser }),
);

const hex = (n: number) => crypto.randomBytes(n).toString('hex');
const row = (shopId: number, orderId: string) => env.stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();

/** A shop sending by email a second after fulfillment, with WhatsApp (Meta's Cloud API, an English template) connected. */
async function whatsappShop() {
  const installed = await env.stack.installShop();
  const http = client(env.stack.appUrl, installed.appToken);
  await storeSettingsRaw(env.stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
    channels: ['email'],
  });
  // no quiet hours: the send goes whatever the customer's local time
  await storeSettingsRaw(env.stack.api, installed.shop.id, 'messaging', { quietHours: null });
  const whatsapp = {
    phoneNumberId: String(crypto.randomInt(1e9, 9e9)),
    accessToken: `EAA${hex(20)}`,
    appSecret: hex(16),
    verifyToken: hex(8),
    templateName: 'review_request',
  };
  env.stack.integrations.control('whatsapp-cloud', 'number', {
    phoneNumberId: whatsapp.phoneNumberId,
    token: whatsapp.accessToken,
    templates: [{ name: whatsapp.templateName, language: 'en' }],
  });
  expect((await http.put('/api/integrations/whatsapp-cloud', whatsapp)).status).toBe(200);
  return installed;
}

async function widths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.frameLocator('iframe.extension-block').locator('body').waitFor();
    await screenshot(page, `${name}-${width}`);
  }
}

withPlugins('messaging')('Thank you page: WhatsApp with consent reaches the workflow, and the request goes by WhatsApp', async () => {
  const s = await whatsappShop();
  const store = `${env.stack.emulator.url}/shops/${s.domain}`;
  const product = env.stack.emulator.store.shop(s.domain)!.products[0];
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // the shopper's checkout: cart, contact, no SMS marketing consent
  await page.goto(`${store}/products/${product.handle}?plaudit=off`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.getByLabel('Email').fill(`${hex(4)}@example.com`);
  await page.getByLabel('Phone (for shipping updates)').fill('+14155550199');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/thank-you$/);
  const token = page.url().split('/').at(-2)!;
  const order = env.stack.emulator.store.shop(s.domain)!.orders.find((o) => o.token === token)!;

  const block = page.frameLocator('iframe.extension-block');
  await block.getByRole('heading', { name: "We'll ask for your review when it arrives" }).waitFor();
  // only what the shop connected: email and WhatsApp, no SMS
  expect(await block.getByRole('radio').count()).toBe(2);
  await block.getByRole('radio', { name: 'WhatsApp' }).check();
  const save = block.getByRole('button', { name: 'Save my choice' });
  expect(await save.isDisabled()).toBe(true);
  await block.getByRole('checkbox', { name: /one WhatsApp message about reviewing this order/ }).check();
  await save.click();
  await block.getByText("Thanks! We'll ask you by WhatsApp.").waitFor();
  await widths(page, 'checkout-thank-you-block');

  // stored for the order, and the order's workflow has it
  expect(await env.stack.api.knex('request_channel_choices').where({ shopId: s.shop.id, orderId: order.id }).first()).toMatchObject({
    channel: 'whatsapp',
    consent: true,
    source: 'thank_you',
  });
  const handle = env.stack.api.runtime.services.temporal.client.workflow.getHandle(reviewRequestWorkflowId(s.domain, order.id));
  await eventually(
    async () => ((await currentDetails(handle))?.includes('The customer chose whatsapp (consent to text messages given)') ? true : undefined),
    60_000,
  );

  // the order ships: the request goes by WhatsApp (no SMS marketing consent on the order: the block's consent)
  await env.stack.control(`/orders/${order.id}/fulfill`, {});
  const sent = await eventually(async () => {
    const r = await row(s.shop.id, order.id);
    return r && ['success', 'cancel', 'failed'].includes(r.status) ? r : undefined;
  }, 60_000);
  expect(sent).toMatchObject({ status: 'success', channel: 'whatsapp', channelProvider: 'whatsapp-cloud', channelAttempts: null });
  expect(errors).toEqual([]);
  await page.close();
});

test('Order status page of a delivered order: "Rate your items" links to the signed write pages', async () => {
  const s = await env.stack.installShop();
  const { order } = await env.stack.control('/orders', { shop: s.domain, customerEmail: `${hex(4)}@example.com`, deliver: true });
  // the request's queue row names the products the links are for
  const queued = await eventually(async () => (await row(s.shop.id, order.id)) ?? undefined, 60_000);
  const record = env.stack.emulator.store.shop(s.domain)!.orders.find((o) => o.id === order.id)!;
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.stack.emulator.url}/shops/${s.domain}/orders/${record.token}/authenticate`);

  const block = page.frameLocator('iframe.extension-block');
  await block.getByRole('heading', { name: 'Rate your items' }).waitFor();
  const titles = (queued.lineItems as { title: string }[]).map((li) => li.title);
  expect(await block.getByRole('link', { name: /^Review / }).count()).toBe(titles.length);
  for (const title of titles) await block.getByRole('link', { name: `Review ${title}` }).waitFor();
  await widths(page, 'checkout-order-status-rate');

  // each opens the reviews plugin's write page for its product
  const [written] = await Promise.all([page.context().waitForEvent('page'), block.getByRole('link', { name: `Review ${titles[0]}` }).click()]);
  await written.waitForLoadState();
  expect(written.url()).toContain(env.stack.appUrl);
  await written.getByText(titles[0]).first().waitFor();
  await screenshot(written, 'checkout-order-status-write-page');
  expect(errors).toEqual([]);
  await page.close();
});
