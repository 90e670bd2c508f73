// The webhooks panel under the API keys in Chromium: an enterprise merchant adds an endpoint (URL and
// topics; a plain-http URL elsewhere than this machine is refused), reads and copies its secret,
// sends a test delivery to a local receiver, finds it in the delivery log with its status code and
// redelivers it, switches the endpoint off and deletes it. Screenshots at 1280 and 390 px.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { adminPage, client, createShop, eventually, screenshot, startTestApi, type TestApi, useBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

let api: TestApi;
let browser: Browser;
useBrowser(
  () => startTestApi(),
  (s, b) => {
    api = s;
    browser = b;
  },
);

const hits: { id: string; topic: string }[] = [];
let receiver: http.Server;
let base: string;
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ id: String(req.headers['plaudit-webhook-id']), topic: String(req.headers['plaudit-topic']) });
      res.writeHead(200).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => receiver?.close(resolve)));

test('an endpoint is added with its topics, its secret copied, tested, logged, redelivered, switched off and deleted', async () => {
  const { token } = await createShop(api, { name: 'Hook Shop', plan: 'enterprise', installedAt: new Date('2025-01-01') });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
  await page.goto(`${api.url}/settings/managingKey`);
  await page.getByText('No webhook endpoints yet.').waitFor();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('webhook-url').fill('http://example.com/hooks');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByText('Choose at least one topic').waitFor();
  await dialog.getByRole('checkbox', { name: /Review created/ }).check();
  await dialog.getByRole('checkbox', { name: /Review published/ }).check();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByText('The URL must start with https://').waitFor();
  await dialog.getByTestId('webhook-url').fill(`${base}/hooks`);
  await screenshot(page, 'public-api-webhooks-1-add-desktop');
  await dialog.getByRole('button', { name: 'Add' }).click();

  await dialog.getByText('Signing secret').first().waitFor();
  const secret = await dialog.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Copy secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  const card = page.getByRole('listitem').filter({ hasText: `${base}/hooks` });
  await card.getByText('Active').waitFor();
  await card.getByText('Review created').waitFor();
  await card.getByText('Review published').waitFor();

  await card.getByRole('button', { name: 'Send test' }).click();
  await page.getByText('Test delivered (HTTP 200)').waitFor();
  const row = card.getByRole('row').filter({ hasText: 'Test delivery' });
  await row.getByText('Delivered').waitFor();
  await row.getByRole('cell', { name: '200' }).waitFor();
  await screenshot(page, 'public-api-webhooks-2-log-desktop');
  expect(hits.map((h) => h.topic)).toEqual(['ping']);

  await row.getByRole('button', { name: 'Redeliver' }).click();
  await page.getByText('Delivery sent again').waitFor();
  await eventually(async () => hits.length === 2);
  expect(hits[1].id).toBe(hits[0].id);

  await card.getByRole('switch', { name: 'On' }).click();
  await page.getByText('Endpoint switched off').waitFor();
  await card.getByText('Switched off', { exact: true }).waitFor();

  const phone = await adminPage(browser, api.url, token, { width: 390, height: 844 });
  await phone.page.goto(`${api.url}/settings/managingKey`);
  await phone.page
    .getByRole('listitem')
    .filter({ hasText: `${base}/hooks` })
    .getByText('Switched off', { exact: true })
    .waitFor();
  await screenshot(phone.page, 'public-api-webhooks-3-list-phone');

  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByText('Delete this endpoint?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Endpoint deleted').waitFor();
  await page.getByText('No webhook endpoints yet.').waitFor();
  expect((await client(api.url, token).get('/api/webhooks')).body.items).toEqual([]);
  // the one refusal the merchant was shown (the http:// URL) is the only failed call
  expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/webhooks\)$/)]);
  expect(phone.errors).toEqual([]);
});
