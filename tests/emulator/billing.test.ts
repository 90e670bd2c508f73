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
  name, returnUrl: `${t.app.url}/billing/return?plan=${name}`, test: true, trialDays: 7,
  lineItems: [{ plan: { appRecurringPricingDetails: { interval: 'EVERY_30_DAYS', price: { amount, currencyCode: 'USD' } } } }], ...over,
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
  expect(statuses.map((s: any) => [s.admin_graphql_api_id, s.status])).toEqual([[before.id, 'CANCELLED'], [premium.appSubscription.id, 'ACTIVE']]);

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
  const invalidEnum = await gql(CREATE, plan('X', '5', { lineItems: [{ plan: { appRecurringPricingDetails: { interval: 'WEEKLY', price: { amount: '5', currencyCode: 'USD' } } } }] }));
  expect(invalidEnum.json.errors[0].extensions.code).toBe('INVALID_VARIABLE');
});
