// The review-request topics end to end: an order of the store emulator is fulfilled, its request
// email goes out (request.sent), the customer reviews through the email's link (review.created with
// the request's id, then request.reviewed). Real dev server, worker, SMTP sink; delays of seconds.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { client, eventually, startPlatformStack, storeSettingsRaw, updateShop, readLink, listMail, mailDir } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let receiver: http.Server;
let base: string;
const received: { path: string; topic: string; body: { id: string; data: Record<string, any> } }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', topic: String(req.headers['plaudit-topic']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startPlatformStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const mailFor = (domain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);
// The mail's review button is a click link leading to the write page. The shared test worker's
// APP_URL is not this test's API: keep the target's path, use our origin.
const writeLinkIn = (file: string) => {
  const raw = fs
    .readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const targets = [...raw.matchAll(/\/r\/click\/([\w-]+\.[\w-]+)/g)].map((m) => String((readLink(m[1]).data as { to: string }).to));
  return stack.appUrl + /\/r\/write\/[^"\s>]+/.exec(targets.find((t) => t.includes('/r/write/'))!)![0];
};

test('request.sent, review.created and request.reviewed arrive for one order, naming the same request', async () => {
  const { domain, shop, appToken } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'enterprise' });
  await storeSettingsRaw(stack.api, shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
    reminderAfter: { amount: 3, unit: 'second' },
  });
  const hook = `/requests/${shop.id}`;
  const created = await client(stack.appUrl, appToken).post('/api/webhooks', {
    url: base + hook,
    topics: ['request.sent', 'request.reviewed', 'review.created'],
  });
  expect(created.status).toBe(201);

  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, country: 'US' });
  const [mail] = await eventually(async () => mailFor(domain).length > 0 && mailFor(domain), 40_000);
  const form = new FormData();
  for (const [k, v] of Object.entries({ rating: '4', content: 'Good quality, arrived quickly.', firstName: 'Ann' })) form.append(k, v);
  expect(await (await fetch(writeLinkIn(mail.file), { method: 'POST', body: form })).text()).toContain('Thank you!');

  const byTopic = await eventually(async () => {
    const mine = received.filter((r) => r.path === hook);
    const topics = Object.fromEntries(mine.map((r) => [r.topic, r.body.data]));
    return topics['request.sent'] && topics['request.reviewed'] && topics['review.created'] && topics;
  }, 40_000);
  const sent = byTopic['request.sent'];
  expect(sent).toMatchObject({ orderId: String(order.id), orderName: order.name, reminder: 0, status: 'success' });
  expect(sent.productIds.length).toBeGreaterThan(0);
  expect(byTopic['review.created']).toMatchObject({ orderId: String(order.id), queueEntryId: sent.requestId, rating: 4 });
  expect(byTopic['request.reviewed']).toMatchObject({ requestId: sent.requestId, orderId: String(order.id), status: 'reviewed' });
  expect(received.filter((r) => r.path === hook)).toHaveLength(3);
});
