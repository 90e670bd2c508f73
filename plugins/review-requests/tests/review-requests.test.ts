// Order -> fulfilled -> scheduled -> sent (the SMTP sink receives it, with working links) ->
// opened -> reminder; cancel and send anyway; duplicate webhooks; unsubscribe. On the real
// Temporal dev server and worker, with delays of seconds taken from the shop's settings.
import fs from 'node:fs';
import path from 'node:path';
import { client, eventually, linkKey, signLink, startPlatformStack, storeSettingsRaw, listMail, mailDir } from '@plaudit/kernel/testing';
import { RequestFacts } from '@plaudit/contracts/review-requests';
import { RequestStatus, type ActivityDeps } from '@plaudit/kernel';
import { createActivities } from '../activities';
import { openedSignal, reviewRequestWorkflowId, statusQuery } from '../workflows/messages';
import { clickPaths, followClick } from './mail-helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

async function shopWithSettings(settings: Record<string, unknown>) {
  const installed = await stack.installShop();
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    timeUnit: 'second',
    reminders: 1,
    reminderAfter: { amount: 3, unit: 'second' },
    ...settings,
  });
  return installed;
}

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId }).first();
const workflowOf = (domain: string, orderId: string) => stack.api.runtime.services.temporal.client.workflow.getHandle(reviewRequestWorkflowId(domain, orderId));
/** What the workflow says of itself: its status query and its RequestStatus search attribute. */
async function workflowStatus(domain: string, orderId: string) {
  const handle = workflowOf(domain, orderId);
  return { query: await handle.query(statusQuery), searchable: (await handle.describe()).typedSearchAttributes.get(RequestStatus) };
}
const mailFor = (domain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);
const rawOf = (file: string) =>
  fs
    .readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');

test('fulfilled order: scheduled, sent with working links, opened, then reminded', async () => {
  const { domain, shop } = await shopWithSettings({ sendAfterCustom: 2 });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, duplicate: 1 });
  const sent = await eventually(async () => {
    const row = await entry(shop.id, order.id);
    return row?.status === 'success' ? row : undefined;
  }, 40_000);
  expect(new Date(sent.scheduledAt).getTime() - new Date(sent.fulfilledDate).getTime()).toBe(2000);
  expect(await stack.api.knex('email_queue').where({ shopId: shop.id })).toHaveLength(1);

  const [mail] = await eventually(async () => (mailFor(domain).length ? mailFor(domain) : undefined));
  expect(mail.subject).toContain(order.name);
  expect(mail.messageId).toMatch(new RegExp(`^<review-request-${sent.id}-0@[^>]+>$`));
  const raw = rawOf(mail.file);
  // The shared test worker's APP_URL is not this test's API: keep the links' paths, use our origin.
  const open = stack.appUrl + /\/r\/open\/[^"\s]+\.gif/.exec(raw)![0];
  const unsubscribe = stack.appUrl + /\/r\/unsubscribe\/[^"\s>]+/.exec(raw)![0];
  expect((await fetch(open)).headers.get('content-type')).toBe('image/gif');
  // The pixel signals the workflow, whose activity records the open.
  const opened = await eventually(async () => ((await entry(shop.id, order.id)).status === 'opened' ? entry(shop.id, order.id) : undefined));
  expect(opened.openedAt).not.toBeNull();
  // the open's command (its search attribute) went with the activity that wrote the row
  expect(await workflowStatus(domain, order.id)).toEqual({ query: 'opened', searchable: 'opened' });
  // Each product's review link goes through the click redirect to the reviews plugin's write page.
  const clicks = clickPaths(raw);
  expect(clicks.length).toBeGreaterThan(0);
  for (const path of clicks)
    expect(await followClick(stack.appUrl, path)).toEqual({ status: 302, location: expect.stringMatching(/\/r\/write\/[\w-]+\.[\w-]+$/) });
  expect((await entry(shop.id, order.id)).clickedAt).not.toBeNull();

  await eventually(async () => {
    const row = await entry(shop.id, order.id);
    if (row.reminderCount !== 1) throw new Error(`reminders sent ${row.reminderCount}, status ${row.status}`);
    return true;
  }, 60_000);
  // The reminder: the request's subject after the reminder prefix, in the customer's language.
  const subjects = mailFor(domain).map((m) => m.subject ?? '');
  expect(subjects.some((s) => s !== mail.subject && s.endsWith(` ${mail.subject}`))).toBe(true);

  // The page is in the customer's language (the order's locale).
  const page = await (await fetch(unsubscribe)).text();
  const lang = /<html lang="([^"]+)"/.exec(page)![1];
  expect(page).toContain(JSON.parse(fs.readFileSync(path.join(__dirname, `../locales/${lang}.json`), 'utf8')).public.unsubscribed_title);
  const { order: second } = await stack.control('/orders', { shop: domain, fulfill: true, customerEmail: sent.customerEmail });
  const skipped = await eventually(async () => {
    const row = await entry(shop.id, second.id);
    return row?.status === 'cancel' ? row : undefined;
  }, 30_000);
  expect(skipped.skipReason).toBe('unsubscribed');
}, 180_000); // four waits on the worker in a row: each bounded on its own, together beyond the default

test("an open recorded before the workflow records the send's status leaves the request opened, in either order", async () => {
  const { domain, shop } = await shopWithSettings({ sendAfterCustom: 3600, reminders: 0 });
  // the activities as the worker runs them: the pixel's and the send's records, raced by hand
  const steps = createActivities(stack.api.runtime.services as unknown as ActivityDeps);
  for (const openFirst of [true, false]) {
    const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
    const ref = { shopId: shop.id, shopDomain: domain, orderId: String(order.id) };
    await eventually(async () => ((await entry(shop.id, order.id))?.status === 'waiting' ? true : undefined), 30_000);
    // what the send activity writes with the send itself
    await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id }).update({ status: 'success', sentAt: new Date() });
    if (openFirst) await steps.recordOpened(ref);
    await steps.recordStatus(ref, 'success', {});
    if (!openFirst) await steps.recordOpened(ref);
    expect(await entry(shop.id, order.id)).toMatchObject({ status: 'opened', openedAt: expect.any(Date) });
  }
});

test("an open handled before the send's status is set: the workflow, its RequestStatus and the row say opened", async () => {
  const { domain, shop } = await shopWithSettings({ sendAfterCustom: 3, reminders: 0 });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  await eventually(async () => ((await entry(shop.id, order.id))?.status === 'waiting' ? true : undefined), 30_000);
  // the pixel's signal handled first, as when it and the send's completion share one workflow task
  await workflowOf(domain, order.id).signal(openedSignal);
  // the row turns opened with the send's status record, which follows the workflow's own status
  const row = await eventually(async () => {
    const found = await entry(shop.id, order.id);
    return found?.status === 'opened' ? found : undefined;
  }, 30_000);
  expect(row.sentAt).not.toBeNull();
  expect(await workflowStatus(domain, order.id)).toEqual({ query: 'opened', searchable: 'opened' });
});

test('cancel while waiting, then send anyway; the server refuses what section 4 forbids', async () => {
  const { domain, shop, appToken } = await shopWithSettings({ sendAfterCustom: 3600 });
  const http = client(stack.appUrl, appToken);
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const waiting = await eventually(async () => {
    const row = await entry(shop.id, order.id);
    return row?.status === 'waiting' ? row : undefined;
  }, 30_000);
  expect((await http.post(`/api/email-queue/${waiting.id}/resend`)).status).toBe(409);
  expect((await http.put(`/api/email-queue/${waiting.id}/cancel`)).body).toMatchObject({ success: true });
  await eventually(async () => ((await entry(shop.id, order.id)).status === 'cancel' ? true : undefined));
  expect((await http.put(`/api/email-queue/${waiting.id}/cancel`)).status).toBe(409);

  const sent = await http.post('/api/email-queue/bulk-send-anyway', { ids: [waiting.id] });
  expect(sent.body).toMatchObject({ success: true, data: [{ id: waiting.id, result: 'sending' }] });
  await eventually(async () => ((await entry(shop.id, order.id)).status === 'success' ? true : undefined), 30_000);

  const list = await http.get('/api/email-queue?statusFilter=success&includeTotal=true');
  expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([waiting.id]);
  expect(list.body.pagination.total).toBe(1);
});

test('a permanent SMTP error fails with its message; a temporary one is retried, then sent', async () => {
  const { domain, shop } = await shopWithSettings({ sendAfterCustom: 1, reminders: 0 });
  const { order: bad } = await stack.control('/orders', { shop: domain, fulfill: true, customerEmail: 'nobody@reject.invalid' });
  const failed = await eventually(async () => {
    const row = await entry(shop.id, bad.id);
    return row?.status === 'failed' ? row : undefined;
  }, 30_000);
  expect(failed.errorMessage).toMatch(/550|does not exist/);

  const { order: later } = await stack.control('/orders', { shop: domain, fulfill: true, customerEmail: `busy-${Date.now()}@tempfail.invalid` });
  await eventually(async () => ((await entry(shop.id, later.id))?.status === 'success' ? true : undefined), 40_000);
});

test('delivery trigger: delivered orders go on the delivery, others fall back after fulfillment', async () => {
  const { domain, shop } = await shopWithSettings({
    sendMethod: 'delivery',
    sendAfterCustom: 1,
    alternativeSendAfter: 2,
    alternativeUnit: 'second',
    reminders: 0,
  });
  const { order: delivered } = await stack.control('/orders', { shop: domain, fulfill: true, deliver: true });
  const { order: silent } = await stack.control('/orders', { shop: domain, fulfill: true });
  const a = await eventually(async () => ((await entry(shop.id, delivered.id))?.status === 'success' ? entry(shop.id, delivered.id) : undefined), 30_000);
  expect(a.deliveredAt).not.toBeNull();
  const b = await eventually(async () => ((await entry(shop.id, silent.id))?.status === 'success' ? entry(shop.id, silent.id) : undefined), 30_000);
  expect(b.deliveredAt).toBeNull();
  expect(new Date(b.scheduledAt).getTime() - new Date(b.fulfilledDate).getTime()).toBe(2000);
});

test('block and unblock a customer through the queue', async () => {
  const { domain, shop, appToken } = await shopWithSettings({ sendAfterCustom: 3600 });
  const http = client(stack.appUrl, appToken);
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const row = await eventually(async () => ((await entry(shop.id, order.id))?.status === 'waiting' ? entry(shop.id, order.id) : undefined), 30_000);
  expect((await http.post('/api/unsub-email-queue', { ids: [row.id], status: true })).body.data).toEqual({ blocked: 1 });
  expect(await stack.api.knex('blocked_customers').where({ shopId: shop.id })).toHaveLength(1);
  expect((await http.post('/api/unsub-email-queue', { ids: [row.shopifyCustomerId], status: false })).body.data).toEqual({ unblocked: 1 });
  expect((await http.post('/api/email-update-status', { ids: [row.id], status: 'cancel' })).body).toMatchObject({ success: true, data: { skipped: 1 } });
  await eventually(async () => ((await entry(shop.id, order.id)).status === 'cancel' ? true : undefined));
});

test('a malformed queue cursor is a 400 naming the field, not a server error', async () => {
  const { appToken } = await stack.installShop();
  const res = await client(stack.appUrl, appToken).get('/api/email-queue?after=not-a-cursor');
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual({ cursor: 'The value is invalid' });
});

test("capability RequestFacts: the order behind a queue entry, for the shop's own entries only", async () => {
  const { domain, shop } = await shopWithSettings({ sendAfterCustom: 3600 });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const row = await eventually(async () => ((await entry(shop.id, order.id))?.status === 'waiting' ? entry(shop.id, order.id) : undefined), 30_000);
  const { capabilities, tenant } = stack.api.runtime.services;
  const facts = capabilities.require(RequestFacts);
  const found = await facts.orderFacts(tenant(shop.id, domain), { queueEntryId: row.id });
  expect(found).toMatchObject({ orderId: order.id, orderName: row.name, customer: { email: row.customerEmail } });
  expect(found?.lineItems.length).toBeGreaterThan(0);
  const other = await stack.installShop();
  expect(await facts.orderFacts(tenant(other.shop.id, other.domain), { queueEntryId: row.id })).toBeUndefined();
});

test('an unsubscribe link mailed before the declared link purposes still unsubscribes until it expires', async () => {
  const { domain, shop } = await stack.installShop();
  const [row] = await stack.api
    .knex('email_queue')
    .insert({ shopId: shop.id, orderId: `legacy-${Date.now()}`, status: 'success', workflowId: 'legacy', customerEmail: 'old-link@example.com' })
    .returning('*');
  const token = signLink(linkKey(stack.api.config.encryptionKey!), {
    p: 'unsub',
    shop: domain,
    q: row.id,
    o: row.orderId,
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  const page = await fetch(`${stack.appUrl}/r/unsubscribe/${token}`);
  expect(page.status).toBe(200);
  expect(await stack.api.knex('blocked_customers').where({ shopId: shop.id, email: 'old-link@example.com' }).first()).toMatchObject({ reason: 'unsubscribed' });
  const expired = signLink(linkKey(stack.api.config.encryptionKey!), {
    p: 'unsub',
    shop: domain,
    q: row.id,
    o: row.orderId,
    exp: Math.floor(Date.now() / 1000) - 1,
  });
  expect((await fetch(`${stack.appUrl}/r/unsubscribe/${expired}`)).status).toBe(400);
});
