// Rewards end to end on the real stack (API, PostgreSQL, Temporal with a worker of this file's own,
// the SMTP sink, the store emulator), with the expiry counted in seconds: 1-star and 5-star reviews
// earn the same code, a short one none, a photo review the photo value; the codes exist in the
// emulator as single-use codes for the reviewer; a used code gets no reminder, an unused one does;
// a text reward is topped up when photos are added; the settings' limits and the tier gate.
import fs from 'node:fs';
import path from 'node:path';
import type { ActivityDeps } from '@plaudit/kernel';
import { client, eventually, listMail, mailDir, productPng, startPlatformStack, startTestWorker, updateShop } from '@plaudit/kernel/testing';
import { ReviewWrite } from '@plaudit/contracts/reviews';

import { createActivities } from '../activities';

jest.setTimeout(150_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;
const taskQueue = `rewards-${process.pid}`;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

const mailTo = (email: string) => listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email));
// quoted-printable soft breaks removed: the code is whole
const codeIn = (file: string) =>
  /REVIEW-[A-Z2-9]{8}/.exec(fs.readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'utf8').replace(/=\r?\n/g, ''))?.[0];
const uniq = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

async function shopWithRewards(settings: Record<string, unknown> = {}) {
  const installed = await stack.installShop();
  const http = client(stack.appUrl, installed.appToken);
  const res = await http.put('/api/discounts/settings', {
    enableDiscount: true,
    timeUnit: 'second',
    expireDiscount: 12,
    sendBefore: 6,
    charactersRequired: 20,
    ...settings,
  });
  expect(res.status).toBe(200);
  const product = stack.emulator.store.shop(installed.domain)!.products[0];
  return { ...installed, http, productId: `gid://shopify/Product/${product.id}`, handle: product.handle };
}

/** A guest's review through the storefront form, with photos when given. */
async function review(domain: string, productId: string, fields: { rating: number; content: string; email: string; photos?: number }) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ productId, rating: String(fields.rating), content: fields.content, firstName: 'Sam', email: fields.email }))
    form.set(k, v);
  for (let i = 0; i < (fields.photos ?? 0); i++)
    form.append('photos', new Blob([new Uint8Array(productPng('#3366aa', 64))], { type: 'image/png' }), `p${i}.png`);
  const res = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** The reward workflow's outcome, once its event has started it. */
async function result(domain: string, reviewId: number): Promise<string> {
  const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(`reward:${domain}:${reviewId}`);
  await eventually(() =>
    handle.describe().then(
      () => true,
      () => false,
    ),
  );
  return handle.result();
}

test('the same reward for 1 and 5 stars, none under the minimum, the photo value for photos; single-use codes for the reviewer; reminder only when unused', async () => {
  const { domain, http, productId, handle } = await shopWithRewards();
  const emails = { low: uniq('low'), high: uniq('high'), short: uniq('short'), photo: uniq('photo') };
  const writtenAt = Date.now();
  const low = await review(domain, productId, { rating: 1, content: 'Broke after a week, disappointing.', email: emails.low });
  const high = await review(domain, productId, { rating: 5, content: 'Lovely, works perfectly every day.', email: emails.high });
  const short = await review(domain, productId, { rating: 5, content: 'Great!', email: emails.short });
  const photo = await review(domain, productId, { rating: 3, content: 'Fine, photos show the colour.', email: emails.photo, photos: 1 });

  expect(await result(domain, short)).toBe('too_short');
  const notified = await eventually(async () => {
    const found = Object.entries(emails)
      .filter(([k]) => k !== 'short')
      .map(([k, e]) => [k, mailTo(e)[0]] as const);
    return found.every(([, m]) => m) && Object.fromEntries(found);
  });
  const mailedAt = Date.now();
  expect(notified.low!.subject).toMatch(/^Your 10% thank-you from /);
  expect(notified.high!.subject).toBe(notified.low!.subject);
  expect(notified.photo!.subject).toContain('15%');
  expect(mailTo(emails.short)).toEqual([]);

  const discounts = stack.emulator.store.shop(domain)!.discounts;
  const codeOf = (e: string) => codeIn(mailTo(e).at(-1)!.file)!;
  const lowCode = discounts.find((d) => d.code === codeOf(emails.low))!;
  const highCode = discounts.find((d) => d.code === codeOf(emails.high))!;
  expect(lowCode.percentage).toBe(0.1);
  expect(highCode.percentage).toBe(0.1);
  expect(discounts.find((d) => d.code === codeOf(emails.photo))!.percentage).toBe(0.15);
  expect(lowCode).toMatchObject({
    usageLimit: 1,
    appliesOncePerCustomer: true,
    combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false },
  });
  // the code ends 12 s after it was issued: after the review was written, before its mail was read
  // (bounds that hold however slow the machine is)
  expect(Date.parse(lowCode.endsAt!)).toBeGreaterThanOrEqual(writtenAt + 12_000);
  expect(Date.parse(lowCode.endsAt!)).toBeLessThanOrEqual(mailedAt + 12_000);

  // the high reviewer uses the code; the low one does not
  const order = await stack.control('/orders', { shop: domain, discountCode: highCode.code, productHandles: [handle] });
  expect(order.order.id).toBeTruthy();
  expect(await result(domain, high)).toBe('used');
  expect(await result(domain, low)).toBe('expired');
  expect(mailTo(emails.low).map((m) => m.subject)).toContain('Your 10% code expires soon');
  expect(mailTo(emails.high).map((m) => m.subject)).not.toContain('Your 10% code expires soon');

  const reviews = (await http.get('/api/reviews?limit=50')).body.data as { id: number; incentivized: boolean }[];
  expect(reviews.find((r) => r.id === low)!.incentivized).toBe(true);
  expect(reviews.find((r) => r.id === short)!.incentivized).toBe(false);
  // the photo code went unused too: every reward settled before the report is read
  expect(await result(domain, photo)).toBe('expired');
  expect((await http.get('/api/discounts/report')).body.data).toMatchObject({ issued: 3, used: 1, expired: 2, open: 0 });
});

test('a text reward is topped up to the photo reward when photos are added, and the text code is withdrawn', async () => {
  const { domain, productId, shop } = await shopWithRewards({ expireDiscount: 30, sendBefore: 1 });
  const email = uniq('topup');
  const id = await review(domain, productId, { rating: 2, content: 'Too small for me, but well made.', email });
  await eventually(async () => mailTo(email).length === 1);
  const textCode = codeIn(mailTo(email)[0].file)!;

  const collect = stack.api.runtime.services.capabilities.require(ReviewWrite);
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(productPng('#aa3366', 64))], { type: 'image/png' }), 'p.png');
  expect((await fetch(collect.photoUrl({ shopDomain: domain, reviewId: id, expiresInDays: 7 }), { method: 'POST', body: form })).status).toBe(200);

  // the photo's event, the top-up workflow, the store's discount calls and the mail: on a loaded run's first
  // minutes (the heaviest files side by side) this took over the default 20 s once (2026-12-06)
  await eventually(async () => mailTo(email).length === 2, 60_000);
  const photoCode = codeIn(mailTo(email)[0].file)!;
  expect(photoCode).not.toBe(textCode);
  const discounts = stack.emulator.store.shop(domain)!.discounts;
  expect(discounts.find((d) => d.code === photoCode)!.percentage).toBe(0.15);
  expect(discounts.find((d) => d.code === textCode)).toBeUndefined();
  // the photo reward is recorded sent after the SMTP server took its mail: its row is awaited, not read once
  const states = async () =>
    (await stack.api.knex('rewards').where({ shopId: shop.id, reviewId: id }).orderBy('id')).map((r: { kind: string; status: string }) => [r.kind, r.status]);
  const rows = await eventually(async () => {
    const seen = await states();
    return seen.at(-1)?.[1] === 'sent' && seen;
  }, 30_000);
  expect(rows).toEqual([
    ['text', 'replaced'],
    ['photo', 'sent'],
  ]);
});

test('settings: the reminder within the expiry, the prefix length, percentages up to 100, and the second tier to switch rewards on', async () => {
  const { http } = await shopWithRewards();
  const refused = async (body: object) => {
    const res = await http.put('/api/discounts/settings', body);
    expect(res.status).toBe(400);
    return res.body.errors;
  };
  expect(await refused({ expireDiscount: 5, sendBefore: 6 })).toEqual({
    sendBefore: 'the expiry reminder field is required and must be at most the expiry days',
  });
  expect(Object.keys(await refused({ discountCodePrefix: 'X'.repeat(17) }))).toEqual(['discountCodePrefix']);
  expect(Object.keys(await refused({ valueAll: 120 }))).toEqual(['valueAll']);
  expect((await http.put('/api/discounts/settings', { typeDiscount: 'fixed', valueAll: 120 })).status).toBe(200);
  expect((await http.get('/api/discounts/settings')).body.data).toMatchObject({ typeDiscount: 'fixed', valueAll: 120, sendBefore: 6 });

  const other = await stack.installShop();
  await updateShop(stack.api, other.shop.id, { plan: 'pro', installedAt: new Date('2025-01-01') });
  const gated = await client(stack.appUrl, other.appToken).put('/api/discounts/settings', { enableDiscount: true });
  expect(gated.status).toBe(403);
  expect(gated.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'second' });
});

test('points as the reward need a connected loyalty app (Smile.io): refused before, chosen after, and no discount code is issued', async () => {
  const { domain, shop, http, productId } = await shopWithRewards();
  expect((await http.get('/api/discounts/loyalty')).body.data).toEqual({ app: 'smile', label: 'Smile.io', connected: false });
  const refused = await http.put('/api/discounts/settings', { rewardingMethod: 'points' });
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toEqual({ rewardingMethod: 'Connect a loyalty app in Integrations to reward with points' });
  expect((await http.get('/api/discounts/settings')).body.data.rewardingMethod).toBe('discount');

  await stack.api.runtime.services.integrations.connect(shop.id, 'smile', { privateKey: 'smile_key', activityToken: 'activity_review' });
  expect((await http.get('/api/discounts/loyalty')).body.data.connected).toBe(true);
  expect((await http.put('/api/discounts/settings', { rewardingMethod: 'points' })).status).toBe(200);
  const email = uniq('points');
  const reviewId = await review(domain, productId, { rating: 4, content: 'A review long enough to earn a reward.', email });
  // the reward workflow ends without a code: the loyalty app's points are the reward
  expect(await result(domain, reviewId)).toBe('points');
  expect(
    mailTo(email)
      .map((m) => codeIn(m.file))
      .filter(Boolean),
  ).toEqual([]);
});

test('a step repeated after a worker restart: the same code, no second Shopify discount, one email', async () => {
  // with points as the reward the review's own workflow ends at once, leaving its steps to this test
  const { domain, shop, productId, http } = await shopWithRewards();
  await stack.api.runtime.services.integrations.connect(shop.id, 'smile', { privateKey: 'smile_key', activityToken: 'activity_review' });
  expect((await http.put('/api/discounts/settings', { rewardingMethod: 'points' })).status).toBe(200);
  const email = uniq('restart');
  const reviewId = await review(domain, productId, { rating: 4, content: 'Sturdy and well finished, I like it.', email });
  expect(await result(domain, reviewId)).toBe('points');
  expect((await http.put('/api/discounts/settings', { rewardingMethod: 'discount' })).status).toBe(200);
  // the activities as the worker runs them, each called again as Temporal retries one after a restart
  const steps = createActivities(stack.api.runtime.services as unknown as ActivityDeps);
  const input = { shopId: shop.id, shopDomain: domain, reviewId };
  const plan = await steps.rewardsPlan(input);
  if (plan.action !== 'issue') throw new Error(`expected a reward, got ${JSON.stringify(plan)}`);
  const first = (await steps.rewardsIssue(input, plan))!;
  // the worker died after Shopify created the code but before the row learnt its id
  await stack.api.knex('rewards').where({ id: first.id }).update({ discountId: null });
  const again = (await steps.rewardsIssue(input, plan))!;
  expect(again.id).toBe(first.id);
  const row = await stack.api.knex('rewards').where({ id: first.id }).first();
  expect(stack.emulator.store.shop(domain)!.discounts.filter((d) => d.code === row.code)).toHaveLength(1);
  expect(row.discountId).toBeTruthy();

  expect(await steps.rewardsSendMail(input, first.id, 'notification')).toBe('sent');
  expect(await steps.rewardsSendMail(input, first.id, 'notification')).toBe('skipped');
  expect(mailTo(email)).toHaveLength(1);
  expect(codeIn(mailTo(email)[0].file)).toBe(row.code);

  // the editor lists both emails with the other plugins' templates
  const templates = (await http.get('/api/email-templates')).body;
  const listed = (Array.isArray(templates) ? templates : templates.data).map((t: { plugin: string; type: string }) => `${t.plugin}.${t.type}`);
  expect(listed).toEqual(expect.arrayContaining(['rewards.discountNotification', 'rewards.discountReminder']));
});
