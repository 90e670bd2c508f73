// Billing: appSubscriptionCreate, the merchant's confirmation page, approval back to the returnUrl
// with charge_id, the app_subscriptions/update webhook, replacement and cancellation.
import { parse } from 'lossless-json';
import { rewrite } from './library';
import { DEMO_SHOP, eventually, gqlClient, offlineToken, startTestEmulator, type TestEmulator } from './support';

let t: TestEmulator;
let gql: ReturnType<typeof gqlClient>;
beforeAll(async () => {
  t = await startTestEmulator();
  gql = gqlClient(t, (await offlineToken(t)).access_token);
});
afterAll(() => t.stop());

const CREATE = `mutation S($name: String!, $returnUrl: URL!, $test: Boolean, $trialDays: Int, $lineItems: [AppSubscriptionLineItemInput!]!) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, trialDays: $trialDays, lineItems: $lineItems) {
    appSubscription { id status } confirmationUrl userErrors { field message } } }`;
const ACTIVE = `{ currentAppInstallation { activeSubscriptions { id name status trialDays currentPeriodEnd test
  lineItems { plan { pricingDetails { ... on AppRecurringPricing { interval price { amount currencyCode } } } } } } } }`;

const plan = (name: string, amount: string, over: object = {}) => ({
  name,
  returnUrl: `${t.app.url}/billing/return?plan=${name}`,
  test: true,
  trialDays: 7,
  lineItems: [{ plan: { appRecurringPricingDetails: { interval: 'EVERY_30_DAYS', price: { amount, currencyCode: 'USD' } } } }],
  ...over,
});

async function decide(confirmationUrl: string, decision: 'approve' | 'decline') {
  const url = rewrite(confirmationUrl, t.em.url);
  const page = await fetch(url);
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  return { page: await page.text(), res };
}

test('create, confirm on the billing page, return with charge_id, and the webhook', async () => {
  const created = (await gql(CREATE, plan('Pro', '15.00'))).json.data.appSubscriptionCreate;
  expect(created.userErrors).toEqual([]);
  expect(created.appSubscription).toEqual({ id: expect.stringMatching(/^gid:\/\/shopify\/AppSubscription\/\d+$/), status: 'PENDING' });
  expect(created.confirmationUrl).toMatch(new RegExp(`^https://${DEMO_SHOP}/admin/charges/\\d+/confirm$`));
  expect((await gql(ACTIVE)).json.data.currentAppInstallation.activeSubscriptions).toEqual([]);

  const { page, res } = await decide(created.confirmationUrl, 'approve');
  expect(page).toContain('Pro');
  expect(page).toContain('USD 15.00 every 30 days');
  expect(page).toContain('Approve');
  expect(page).toContain('Decline');
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${t.app.url}/billing/return`);
  expect(back.searchParams.get('plan')).toBe('Pro');
  expect(back.searchParams.get('charge_id')).toBe(created.appSubscription.id.split('/').pop());

  const [active] = (await gql(ACTIVE)).json.data.currentAppInstallation.activeSubscriptions;
  expect(active).toMatchObject({ id: created.appSubscription.id, name: 'Pro', status: 'ACTIVE', trialDays: 7, test: true });
  expect(Date.parse(active.currentPeriodEnd)).toBeGreaterThan(Date.now() + 36 * 86_400_000);
  expect(active.lineItems[0].plan.pricingDetails).toEqual({ interval: 'EVERY_30_DAYS', price: { amount: '15.0', currencyCode: 'USD' } });

  const hook = await eventually(() => t.app.webhooks.find((h) => h.headers['x-shopify-topic'] === 'app_subscriptions/update'));
  expect((parse(hook.body) as any).app_subscription).toMatchObject({ admin_graphql_api_id: created.appSubscription.id, name: 'Pro', status: 'ACTIVE' });
});

test('a newer approved plan replaces the active one; declining keeps it; cancelling ends it', async () => {
  const before = (await gql(ACTIVE)).json.data.currentAppInstallation.activeSubscriptions[0];
  const premium = (await gql(CREATE, plan('Premium', '49.00'))).json.data.appSubscriptionCreate;
  t.app.webhooks.length = 0;
  await decide(premium.confirmationUrl, 'approve');
  const subs = (await gql(ACTIVE)).json.data.currentAppInstallation.activeSubscriptions;
  expect(subs.map((s: { name: string }) => s.name)).toEqual(['Premium']);
  await eventually(() => t.app.webhooks.length === 2);
  const statuses = t.app.webhooks.map((h) => (parse(h.body) as any).app_subscription);
  expect(statuses.map((s: any) => [s.admin_graphql_api_id, s.status])).toEqual([
    [before.id, 'CANCELLED'],
    [premium.appSubscription.id, 'ACTIVE'],
  ]);

  const declined = (await gql(CREATE, plan('Basic', '5.00'))).json.data.appSubscriptionCreate;
  const { res } = await decide(declined.confirmationUrl, 'decline');
  expect(res.status).toBe(302);
  expect((await gql(ACTIVE)).json.data.currentAppInstallation.activeSubscriptions.map((s: { name: string }) => s.name)).toEqual(['Premium']);
  expect((await fetch(rewrite(declined.confirmationUrl, t.em.url), { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) })).status).toBe(409);

  const cancel = `mutation C($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { id status } userErrors { field message } } }`;
  const cancelled = (await gql(cancel, { id: premium.appSubscription.id })).json.data.appSubscriptionCancel;
  expect(cancelled).toEqual({ appSubscription: { id: premium.appSubscription.id, status: 'CANCELLED' }, userErrors: [] });
  expect((await gql(ACTIVE)).json.data.currentAppInstallation.activeSubscriptions).toEqual([]);
  expect((await gql(cancel, { id: premium.appSubscription.id })).json.data.appSubscriptionCancel.userErrors).toHaveLength(1);
});

test('bad subscription input answers userErrors', async () => {
  const r = (await gql(CREATE, plan('', '-1', { returnUrl: 'not a url', trialDays: -3 }))).json.data.appSubscriptionCreate;
  expect(r.appSubscription).toBeNull();
  expect(r.confirmationUrl).toBeNull();
  expect(r.userErrors.map((e: { field: string[] }) => e.field.join('.'))).toEqual(
    expect.arrayContaining(['name', 'returnUrl', 'trialDays', 'lineItems.0.plan.appRecurringPricingDetails.price.amount']),
  );
  const invalidEnum = await gql(
    CREATE,
    plan('X', '5', { lineItems: [{ plan: { appRecurringPricingDetails: { interval: 'WEEKLY', price: { amount: '5', currencyCode: 'USD' } } } }] }),
  );
  expect(invalidEnum.json.errors[0].extensions.code).toBe('INVALID_VARIABLE');
});

const CREATE_FULL = `mutation S($name: String!, $returnUrl: URL!, $test: Boolean, $trialDays: Int, $lineItems: [AppSubscriptionLineItemInput!]!, $replacementBehavior: AppSubscriptionReplacementBehavior) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, trialDays: $trialDays, lineItems: $lineItems, replacementBehavior: $replacementBehavior) {
    appSubscription { id status trialDays } confirmationUrl userErrors { field message } } }`;
const ACTIVE_DISCOUNT = `{ currentAppInstallation { activeSubscriptions { id name status trialDays
  lineItems { plan { pricingDetails { ... on AppRecurringPricing { interval price { amount }
    discount { durationLimitInIntervals remainingDurationInIntervals priceAfterDiscount { amount } value { ... on AppSubscriptionDiscountPercentage { percentage } ... on AppSubscriptionDiscountAmount { amount { amount } } } } } } } } } } }`;

const recurring = (amount: string, interval: 'EVERY_30_DAYS' | 'ANNUAL', discount?: object) => [
  { plan: { appRecurringPricingDetails: { interval, price: { amount, currencyCode: 'USD' }, ...(discount ? { discount } : {}) } } },
];
const activeNow = async () => (await gql(ACTIVE_DISCOUNT)).json.data.currentAppInstallation.activeSubscriptions;
const shopRecord = () => t.em.store.shop(DEMO_SHOP)!;

async function subscribe(name: string, lineItems: unknown, over: object = {}) {
  const created = (await gql(CREATE_FULL, { ...plan(name, '1'), lineItems, ...over })).json.data.appSubscriptionCreate;
  expect(created.userErrors).toEqual([]);
  await decide(created.confirmationUrl, 'approve');
  return created;
}

test('discounts by percentage (the leave offer) and by amount reach the subscription and its page', async () => {
  const offer = (
    await gql(CREATE_FULL, {
      ...plan('Pro', '19.9'),
      lineItems: recurring('19.9', 'EVERY_30_DAYS', { durationLimitInIntervals: 2, value: { percentage: 0.5 } }),
      replacementBehavior: 'APPLY_IMMEDIATELY',
    })
  ).json.data.appSubscriptionCreate;
  const { page } = await decide(offer.confirmationUrl, 'approve');
  expect(page).toContain('50% off for 2 billing cycles');
  const [active] = await activeNow();
  expect(active.lineItems[0].plan.pricingDetails.discount).toMatchObject({
    durationLimitInIntervals: 2,
    remainingDurationInIntervals: 2,
    value: { percentage: 0.5 },
  });

  const coupon = (
    await gql(CREATE_FULL, {
      ...plan('Advanced', '29.9'),
      lineItems: recurring('29.9', 'EVERY_30_DAYS', { durationLimitInIntervals: 3, value: { amount: 5 } }),
    })
  ).json.data.appSubscriptionCreate;
  expect((await decide(coupon.confirmationUrl, 'approve')).page).toContain('USD 5.00 off for 3 billing cycles');
  const [advanced] = await activeNow();
  expect(advanced.name).toBe('Advanced');
  expect(advanced.lineItems[0].plan.pricingDetails.discount.value.amount.amount).toBe('5.0');

  const bad = (
    await gql(CREATE_FULL, { ...plan('X', '5'), lineItems: recurring('5', 'EVERY_30_DAYS', { durationLimitInIntervals: 0, value: { amount: -1 } }) })
  ).json.data.appSubscriptionCreate;
  expect(bad.userErrors.map((e: { message: string }) => e.message)).toEqual(
    expect.arrayContaining(['Amount must be greater than 0', 'Duration limit in intervals must be greater than 0']),
  );
});

test('replacementBehavior: STANDARD defers annual to monthly; APPLY_IMMEDIATELY does not; the swap happens at the period end', async () => {
  const annual = await subscribe('Annual', recurring('304.8', 'ANNUAL'));
  expect((await activeNow()).map((s: { name: string }) => s.name)).toEqual(['Annual']);
  const monthly = await subscribe('Monthly', recurring('29.9', 'EVERY_30_DAYS'));
  // deferred: the annual plan stays until its period ends; the monthly one waits as ACCEPTED
  expect((await activeNow()).map((s: { name: string }) => s.name)).toEqual(['Annual']);
  const waiting = shopRecord().subscriptions.find((s) => `gid://shopify/AppSubscription/${s.id}` === monthly.appSubscription.id)!;
  expect(waiting.status).toBe('ACCEPTED');
  waiting.startsAt = new Date(Date.now() - 1000).toISOString(); // the annual period ended
  expect((await activeNow()).map((s: { name: string }) => s.name)).toEqual(['Monthly']);
  expect(shopRecord().subscriptions.find((s) => `gid://shopify/AppSubscription/${s.id}` === annual.appSubscription.id)!.status).toBe('CANCELLED');

  await subscribe('Annual again', recurring('304.8', 'ANNUAL'));
  await subscribe('Right away', recurring('29.9', 'EVERY_30_DAYS'), { replacementBehavior: 'APPLY_IMMEDIATELY' });
  expect((await activeNow()).map((s: { name: string }) => s.name)).toEqual(['Right away']);
});

test('trial days do not restart: days already used are subtracted from a new subscription', async () => {
  for (const s of shopRecord().subscriptions) if (s.status === 'ACTIVE') s.status = 'CANCELLED';
  for (const s of shopRecord().subscriptions) s.trialDays = 0; // a clean trial history for this test
  const first = await subscribe('Trial one', recurring('19.9', 'EVERY_30_DAYS'), { trialDays: 7 });
  expect((await activeNow())[0].trialDays).toBe(7);
  const record = shopRecord().subscriptions.find((s) => `gid://shopify/AppSubscription/${s.id}` === first.appSubscription.id)!;
  record.activatedAt = new Date(Date.now() - 3 * 86_400_000 - 1000).toISOString(); // three days into the trial
  const second = (await gql(CREATE_FULL, { ...plan('Trial two', '29.9'), trialDays: 7, lineItems: recurring('29.9', 'EVERY_30_DAYS') })).json.data
    .appSubscriptionCreate;
  expect(second.appSubscription.trialDays).toBe(4);
  expect((await decide(second.confirmationUrl, 'approve')).page).toContain('4-day free trial');
});

test('statuses: a pending charge expires after two days; frozen and resumed by the control API, each with its webhook', async () => {
  const pending = (await gql(CREATE_FULL, plan('Late', '9.9'))).json.data.appSubscriptionCreate;
  const rec = shopRecord().subscriptions.find((s) => `gid://shopify/AppSubscription/${s.id}` === pending.appSubscription.id)!;
  rec.createdAt = new Date(Date.now() - 2 * 86_400_000 - 1000).toISOString();
  t.app.webhooks.length = 0;
  const page = await fetch(rewrite(pending.confirmationUrl, t.em.url));
  expect(await page.text()).toContain('This charge is expired');
  await eventually(() => t.app.webhooks.some((h) => (parse(h.body) as any).app_subscription.status === 'EXPIRED'));

  const [active] = await activeNow();
  const control = (status: string) =>
    fetch(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/subscriptions/${encodeURIComponent(active.id)}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
  expect((await control('FROZEN')).status).toBe(200);
  expect(await activeNow()).toEqual([]);
  expect((await control('FROZEN')).status).toBe(409);
  expect((await control('ACTIVE')).status).toBe(200);
  expect((await activeNow()).map((s: { id: string }) => s.id)).toEqual([active.id]);
  await eventually(() => t.app.webhooks.filter((h) => (parse(h.body) as any).app_subscription.admin_graphql_api_id === active.id).length >= 2);
});
