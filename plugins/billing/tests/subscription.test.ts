// Plans through Shopify billing on the store emulator, the real worker and Temporal: the
// subscription info, upgrade through the confirmation page, annual, decline, the leave offer,
// coupons, the return and the webhook in either order, downgrade reasons, uninstall and reinstall.
import { client, eventually, startPlatformStack, startTestWorker, updateShop } from '@plaudit/kernel/testing';
import { addCoupon } from '../db/coupons';
import { confirmationPage, decide, deliverWebhook, freeShop, planChangedEvents, planOf, returnFrom, type Stack } from './helpers';

// A worker of this file's own: its webhooks read the subscription from this file's store emulator.
let stack: Stack;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `billing-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
});
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

type Http = Awaited<ReturnType<typeof freeShop>>['http'];
const subscribeTo = (http: Http, plan: string, query = '') => http.get(`/api/subscription/shopify/subscribe/${plan}${query}`);
const info = async (http: Http) => (await http.get('/api/subscription')).body.data;

/** Subscribes and approves: answers the subscription page the merchant lands on. */
async function upgrade(http: Http, plan: string, query = '') {
  const res = await subscribeTo(http, plan, query);
  expect(res.body).toMatchObject({ success: true, isRedirect: true, confirmationUrl: expect.stringContaining('/admin/charges/') });
  return returnFrom(await decide(res.body.confirmationUrl, 'approve'));
}

test("GET /api/subscription: a Free shop's plan, quota, offers and the plan comparison", async () => {
  const { http } = await freeShop(stack);
  const res = await http.get('/api/subscription');
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({
    plan: 'free',
    name: 'Free',
    tier: 'free',
    interval: null,
    status: 'NONE',
    fullAccess: false,
    trialDaysLeft: null,
    currentPeriodEnd: null,
    price: 0,
    discount: null,
    quota: { limit: 50, used: 0, left: 50 },
    offers: { leave: false, annual: false },
    plans: [
      expect.objectContaining({ id: 'free', name: 'Free', monthly: 0, requestsPerMonth: 50 }),
      expect.objectContaining({ id: 'pro', name: 'Pro', tier: 'base', monthly: 19.9, annualMonthly: 16.9, trialDays: 7, requestsPerMonth: 250 }),
      expect.objectContaining({ id: 'advanced', name: 'Advanced', tier: 'second', monthly: 29.9, annualMonthly: 25.4, requestsPerMonth: null }),
      expect.objectContaining({ id: 'enterprise', name: 'Enterprise', tier: 'third', monthly: 199, annualMonthly: 169, trialDays: 60 }),
    ],
    // the gated features of the installed plugins (the test run's fixture plugin among them)
    features: expect.arrayContaining([{ feature: 'fixtureReplies', tier: 'base' }]),
  });
  expect((await subscribeTo(http, 'gold')).status).toBe(404);
  expect((await subscribeTo(http, 'pro', '?interval=weekly')).status).toBe(400);
});

test('upgrade from Free to Pro through the confirmation page: the plan, the trial, the pro quota and the gate open', async () => {
  const { http, shop, domain } = await freeShop(stack);
  // a base-tier feature (the fixture plugin's, present in every test run) is closed on Free
  expect((await http.get('/api/fixture-notes/replies')).body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'base' });
  const res = await subscribeTo(http, 'pro');
  const page = await confirmationPage(res.body.confirmationUrl);
  expect(page).toContain('Plaudit Pro');
  expect(page).toContain('USD 19.90 every 30 days');
  expect(page).toContain('7-day free trial');
  const landing = await returnFrom(await decide(res.body.confirmationUrl, 'approve'));
  expect(landing).toBe(`${stack.appUrl}/subscription?charge=approved`);
  expect(await planOf(stack, shop.id)).toBe('pro');
  expect(await info(http)).toMatchObject({
    plan: 'pro',
    name: 'Pro',
    interval: 'monthly',
    status: 'ACTIVE',
    trialDaysLeft: 7,
    price: 19.9,
    quota: { limit: 250, left: 250 },
    offers: { leave: true, annual: true },
  });
  // and open on Pro
  expect((await http.get('/api/fixture-notes/replies')).status).toBe(200);
  await eventually(async () => ((await planChangedEvents(stack, domain)) === 1 ? true : undefined));
});

test('the annual switch charges twelve months at 15% off, billed ANNUAL', async () => {
  const { http, shop } = await freeShop(stack);
  await upgrade(http, 'advanced');
  const res = await subscribeTo(http, 'advanced', '?interval=annual');
  const page = await confirmationPage(res.body.confirmationUrl);
  expect(page).toContain('Plaudit Advanced (annual)');
  expect(page).toContain('USD 304.80 every year'); // 25.4 a month
  await returnFrom(await decide(res.body.confirmationUrl, 'approve'));
  expect(await info(http)).toMatchObject({ plan: 'advanced', interval: 'annual', price: 304.8, offers: { annual: false }, quota: { limit: null, left: null } });
  expect(await planOf(stack, shop.id)).toBe('advanced');
});

test('a declined charge leaves the shop on its previous plan', async () => {
  const { http, shop } = await freeShop(stack);
  await upgrade(http, 'pro');
  const res = await subscribeTo(http, 'enterprise');
  const landing = await returnFrom(await decide(res.body.confirmationUrl, 'decline'));
  expect(landing).toBe(`${stack.appUrl}/subscription?charge=declined`);
  expect(await planOf(stack, shop.id)).toBe('pro');
  expect(await info(http)).toMatchObject({ plan: 'pro', status: 'ACTIVE' });
});

test('the webhook before the return, after it and twice: one plan change', async () => {
  const { http, shop, domain } = await freeShop(stack);
  const res = await subscribeTo(http, 'pro');
  const back = await decide(res.body.confirmationUrl, 'approve');
  // before: the emulator's own webhook is processed first
  await eventually(async () => ((await planOf(stack, shop.id)) === 'pro' ? true : undefined), 30_000);
  expect(await returnFrom(back)).toBe(`${stack.appUrl}/subscription?charge=approved`);
  // after, and twice: the same update delivered again (as Shopify retries)
  const [hook] = await stack.control(`/webhooks?shop=${domain}&topic=app_subscriptions/update`);
  await deliverWebhook(stack, domain, 'app_subscriptions/update', hook.body);
  await deliverWebhook(stack, domain, 'app_subscriptions/update', hook.body);
  expect(await returnFrom(back)).toBe(`${stack.appUrl}/subscription?charge=approved`);
  await eventually(async () => ((await planChangedEvents(stack, domain)) >= 1 ? true : undefined));
  const processed = async () =>
    (await stack.api.knex('webhook_deliveries').where({ shopDomain: domain, topic: 'app_subscriptions/update', status: 'processed' }).count({ n: '*' }))[0].n;
  await eventually(async () => (Number(await processed()) === 3 ? true : undefined), 30_000);
  expect(await planChangedEvents(stack, domain)).toBe(1);
  expect(await planOf(stack, shop.id)).toBe('pro');
});

test('the leave offer: 50% for 2 billing periods, applied at once, offered once', async () => {
  const { http, shop, domain } = await freeShop(stack);
  await upgrade(http, 'pro');
  expect((await info(http)).offers.leave).toBe(true);
  expect((await subscribeTo(http, 'advanced', '?offer=leave')).status).toBe(400); // only on the plan the merchant has
  const res = await subscribeTo(http, 'pro', '?offer=leave');
  expect(await confirmationPage(res.body.confirmationUrl)).toContain('50% off for 2 billing cycles');
  await returnFrom(await decide(res.body.confirmationUrl, 'approve'));
  expect(await info(http)).toMatchObject({ plan: 'pro', status: 'ACTIVE', discount: { percentage: 50, intervals: 2 }, offers: { leave: false } });
  // the discount reached Shopify's subscription, which replaced the old one at once
  const state = await stack.control(`/state/${domain}`);
  expect(state.subscriptions.filter((s: { status: string }) => s.status === 'ACTIVE')).toHaveLength(1);
  expect((await subscribeTo(http, 'pro', '?offer=leave')).body).toMatchObject({ success: false, message: 'The offer is not available' });
  expect(await planOf(stack, shop.id)).toBe('pro');
});

test("coupons: an invalid code is refused; a valid one becomes the subscription's discount and is redeemed once", async () => {
  const { http } = await freeShop(stack);
  expect((await http.get('/api/subscription/coupons/NOPE')).body).toMatchObject({ success: false, message: 'Invalid coupon code' });
  expect((await subscribeTo(http, 'pro', '?coupon=NOPE')).body).toMatchObject({ success: false, message: 'Invalid coupon code' });
  const code = `SAVE${Date.now()}`;
  await addCoupon(stack.api.knex, { code, kind: 'amount', value: 5, durationIntervals: 3, redemptionLimit: 10 });
  await addCoupon(stack.api.knex, { code: `${code}OLD`, kind: 'percentage', value: 20, expiresAt: new Date(Date.now() - 1000) });
  expect((await http.get(`/api/subscription/coupons/${code}OLD`)).status).toBe(400);
  expect((await http.get(`/api/subscription/coupons/${code.toLowerCase()}`)).body.data).toMatchObject({ code, kind: 'amount', value: 5, durationIntervals: 3 });
  const res = await subscribeTo(http, 'pro', `?coupon=${code}`);
  expect(await confirmationPage(res.body.confirmationUrl)).toContain('USD 5.00 off for 3 billing cycles');
  await returnFrom(await decide(res.body.confirmationUrl, 'approve'));
  expect(await info(http)).toMatchObject({ plan: 'pro', discount: { amount: 5, intervals: 3 } });
  expect((await http.get(`/api/subscription/coupons/${code}`)).body.message).toBe('Invalid coupon code'); // this shop used it
});

test('a downgrade needs a reason; Free then cancels at Shopify at once and keeps the reason', async () => {
  const { http, shop, domain } = await freeShop(stack);
  await upgrade(http, 'advanced');
  const refused = await subscribeTo(http, 'free');
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ message: 'Please choose a reason', errors: { reason: 'Please choose a reason' } });
  expect((await subscribeTo(http, 'pro')).status).toBe(400);
  expect((await subscribeTo(http, 'free', '?reason=too_expensive')).body).toEqual({ success: true, confirmationUrl: null, isRedirect: false });
  expect(await planOf(stack, shop.id)).toBe('free');
  expect(await info(http)).toMatchObject({ plan: 'free', status: 'CANCELLED', offers: { leave: false } });
  const state = await stack.control(`/state/${domain}`);
  expect(state.subscriptions.some((s: { status: string }) => s.status === 'ACTIVE')).toBe(false);
  expect(await stack.api.knex('billing_downgrades').where({ shopId: shop.id }).first()).toMatchObject({
    fromPlan: 'advanced',
    toPlan: 'free',
    reason: 'too_expensive',
  });
});

test('subscribing while onboarding is not done finishes it', async () => {
  const { http, shop } = await freeShop(stack);
  await updateShop(stack.api, shop.id, { setupDone: false });
  await upgrade(http, 'pro');
  expect((await stack.api.runtime.services.shops.get(shop.id))!.flags.setupDone).toBe(true);
});

test('uninstall ends the subscription locally; a reinstall starts on Free and the trial does not restart', async () => {
  const { http, shop, domain } = await freeShop(stack);
  await upgrade(http, 'pro');
  // three days of the trial used (the emulator keeps Shopify's record of it)
  const record = stack.emulator.store.shop(domain)!.subscriptions.find((s) => s.status === 'ACTIVE')!;
  record.activatedAt = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
  await stack.control(`/shops/${domain}/uninstall`, {});
  await eventually(async () => ((await planOf(stack, shop.id)) === 'free' ? true : undefined), 30_000);
  // the merchant opens the app again: Shopify-managed installation through token exchange
  expect((await client(stack.appUrl, await stack.sessionToken(domain)).get('/api/shops')).status).toBe(200);
  await updateShop(stack.api, shop.id, { installedAt: new Date('2025-01-01') });
  expect(await info(http)).toMatchObject({ plan: 'free', status: 'CANCELLED', offers: { leave: false } });
  const res = await subscribeTo(http, 'pro');
  const page = await confirmationPage(res.body.confirmationUrl);
  expect(page).toContain('4-day free trial');
  await returnFrom(await decide(res.body.confirmationUrl, 'approve'));
  expect(await info(http)).toMatchObject({ plan: 'pro', trialDaysLeft: 4 });
});
