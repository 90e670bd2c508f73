// RewardsAnalytics against the run's PostgreSQL: codes sent and used count on the shop's local
// days (sent_at and used_at apart), only issued codes count as sent, the sweep sees every status
// change, and an order's discount codes are matched to this shop's reward codes only, in any case.
// The rows are written as the reward workflow's activities write them (db/rewards.ts): the workflow
// itself, with Shopify and mail, is rewards.test.ts's.
import { createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { rewards, setStatus, type RewardStatus } from '../db/rewards';
import { RewardsAnalytics, type RewardsAnalyticsApi } from '@plaudit/contracts/rewards';

let api: TestApi;
let source: RewardsAnalyticsApi;
beforeAll(async () => {
  api = await startTestApi();
  source = api.runtime.services.capabilities.require(RewardsAnalytics);
});
afterAll(() => api.close());

async function shopWithTenant() {
  const { shop } = await createShop(api);
  return { shopId: shop.id as number, tenant: api.runtime.services.tenant(shop.id, shop.shopifyDomain) };
}

type Tenant = Awaited<ReturnType<typeof shopWithTenant>>['tenant'];
let reviewId = 0;

async function reward(tenant: Tenant, code: string, status: RewardStatus, at: { sentAt?: string; usedAt?: string } = {}): Promise<number> {
  const [row] = await rewards(tenant)
    .insert({
      shopId: tenant.shopId,
      reviewId: ++reviewId,
      kind: 'text',
      typeDiscount: 'percentage',
      value: 10,
      code,
      email: 'sam@example.com',
      status,
      expiresAt: new Date('2026-04-01T00:00:00Z'),
      sentAt: at.sentAt ? new Date(at.sentAt) : null,
      usedAt: at.usedAt ? new Date(at.usedAt) : null,
    })
    .returning('id');
  return row.id;
}

/** the database's clock: the sweep compares with updated_at as PostgreSQL stamps it */
const dbNow = async (): Promise<Date> => (await api.knex.raw('SELECT clock_timestamp() AS now')).rows[0].now;
/**
 * A boundary between changes: the database's next millisecond, returned once its clock has passed
 * it. A Date has no microseconds, so a plain reading could fall before a change stamped in the same
 * millisecond (seen in CI). The fold itself reads two minutes back (FOLD_OVERLAP_MS).
 */
async function mark(): Promise<Date> {
  const boundary = new Date((await dbNow()).getTime() + 1);
  while ((await dbNow()) <= boundary);
  return boundary;
}

test('sent and used codes count on their local days; only issued codes count as sent', async () => {
  const { tenant } = await shopWithTenant();
  // 23:30 on the 9th in New York (EDT, UTC-4), the 10th in UTC
  await reward(tenant, 'REVIEW-SENT2222', 'sent', { sentAt: '2026-03-10T03:30:00Z' });
  // used at 23:45 on the 10th in New York, the 11th in UTC
  await reward(tenant, 'REVIEW-USED3333', 'used', { sentAt: '2026-03-10T12:00:00Z', usedAt: '2026-03-11T03:45:00Z' });
  await reward(tenant, 'REVIEW-EXPD4444', 'expired', { sentAt: '2026-03-12T12:00:00Z' });
  // topped up by a photo reward, cancelled with its review, not yet mailed: not issued
  await reward(tenant, 'REVIEW-REPL5555', 'replaced', { sentAt: '2026-03-10T13:00:00Z' });
  await reward(tenant, 'REVIEW-CANC6666', 'cancelled', { sentAt: '2026-03-10T13:00:00Z' });
  await reward(tenant, 'REVIEW-CREA7777', 'created');

  expect(await source.days(tenant, { from: '2026-03-01', to: '2026-03-31', timezone: 'America/New_York' })).toEqual({
    '2026-03-09': { 'rewards.sent': 1 },
    '2026-03-10': { 'rewards.sent': 1, 'rewards.used': 1 },
    '2026-03-12': { 'rewards.sent': 1 },
  });
  expect(await source.days(tenant, { from: '2026-03-10', to: '2026-03-11', timezone: 'UTC' })).toEqual({
    '2026-03-10': { 'rewards.sent': 2 },
    '2026-03-11': { 'rewards.used': 1 },
  });
  expect(await source.days(tenant, { from: '2026-03-10', to: '2026-03-10', timezone: 'Asia/Kolkata' })).toEqual({ '2026-03-10': { 'rewards.sent': 2 } });

  expect(await source.firstDay(tenant, 'America/New_York')).toBe('2026-03-09');
  expect(await source.firstDay(tenant, 'UTC')).toBe('2026-03-10');
  const empty = await shopWithTenant();
  await reward(empty.tenant, 'REVIEW-NONE8888', 'created');
  expect(await source.firstDay(empty.tenant, 'UTC')).toBeUndefined();
  expect(await source.days(empty.tenant, { from: '2026-03-01', to: '2026-03-31', timezone: 'UTC' })).toEqual({});
});

test('the sweep reports a status change by the buckets of sent_at and used_at, whatever wrote it', async () => {
  const { shopId, tenant } = await shopWithTenant();
  const id = await reward(tenant, 'REVIEW-SWEP2222', 'sent', { sentAt: '2026-03-10T03:37:00Z' });
  const bucketsOf = async (since: Date, until: Date) =>
    ((await source.touched(since, until)).find((t) => t.shopId === shopId)?.buckets ?? []).map((b) => b.toISOString());

  let since = await mark();
  await setStatus(tenant, id, 'used', { usedAt: new Date('2026-03-11T09:59:00Z') });
  let until = await mark();
  expect(await bucketsOf(since, until)).toEqual(['2026-03-10T03:30:00.000Z', '2026-03-11T09:45:00.000Z']);
  expect(await bucketsOf(until, await mark())).toEqual([]);

  // an update that does not stamp updated_at itself is stamped by the database
  since = await mark();
  await rewards(tenant).where({ id }).update({ status: 'expired', usedAt: null });
  until = await mark();
  expect(await bucketsOf(since, until)).toEqual(['2026-03-10T03:30:00.000Z']);
});

test("an order's discount codes: this shop's reward codes in any case, never another shop's", async () => {
  const a = await shopWithTenant();
  const b = await shopWithTenant();
  await reward(a.tenant, 'REVIEW-AAAA2222', 'sent', { sentAt: '2026-03-10T00:00:00Z' });
  await reward(a.tenant, 'thanks-BBBB3333', 'used', { sentAt: '2026-03-10T00:00:00Z', usedAt: '2026-03-11T00:00:00Z' });
  await reward(b.tenant, 'REVIEW-CCCC4444', 'sent', { sentAt: '2026-03-10T00:00:00Z' });
  const order = ['review-aaaa2222', 'THANKS-BBBB3333', 'REVIEW-CCCC4444', 'SUMMER10'];
  expect(await source.rewardCodes(a.tenant, order)).toEqual(['review-aaaa2222', 'THANKS-BBBB3333']);
  expect(await source.rewardCodes(b.tenant, order)).toEqual(['REVIEW-CCCC4444']);
  expect(await source.rewardCodes(a.tenant, [])).toEqual([]);
});
