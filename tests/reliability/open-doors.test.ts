// Issue 30.4: the public or guessable doors are throttled from the shared rate-limit store. A forged
// billing return never reaches Shopify and cannot pile up; concurrent returns of a real charge share
// one Shopify read; coupon codes, QR codes and OAuth callbacks cannot be guessed without limit.
// The API trusts one proxy hop, so each test speaks from its own X-Forwarded-For address (a header
// only: every connection goes to 127.0.0.1).
import crypto from 'node:crypto';
import { client, eventually, startPlatformStack, updateShop } from '@plaudit/kernel/testing';
import { AdminApi } from '../../api/platform/admin-api';
import { addCoupon } from '../../plugins/billing/db/coupons';

jest.setTimeout(120_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack({ TRUSTED_PROXY_HOPS: '1' });
});
afterAll(() => stack?.close());

/** A fresh documentation-range address per call, so no test (nor an earlier run) spends another's budget. */
const address = () => `2001:db8::${crypto.randomBytes(2).toString('hex')}:${crypto.randomBytes(2).toString('hex')}`;
/** Shopify reads of a shop's subscriptions (the only Admin API call a billing return makes). */
const subscriptionReads = () => jest.spyOn(AdminApi.prototype, 'activeSubscriptions');
afterEach(() => jest.restoreAllMocks());

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - start)];
}

function billingReturn(domain: string, chargeId: string, from: string) {
  return fetch(`${stack.appUrl}/billing/return?shop=${domain}&charge_id=${chargeId}`, { redirect: 'manual', headers: { 'x-forwarded-for': from } });
}

async function expectTooMany(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await res.text()).toMatch(/Too many .* (minutes|try)/i);
}

/** A pending charge this app asked Shopify for on the shop: its numeric id. */
async function pendingCharge(shop: { id: number }, appToken: string): Promise<string> {
  await updateShop(stack.api, shop.id, { plan: 'free', installedAt: new Date('2025-01-01'), setupDone: true });
  const res = await client(stack.appUrl, appToken).get('/api/subscription/shopify/subscribe/pro');
  expect(res.body).toMatchObject({ success: true, confirmationUrl: expect.any(String) });
  const charge = await stack.api.knex('billing_charges').where({ shopId: shop.id }).first();
  return charge.subscriptionId.split('/').pop();
}

test('40 concurrent forged or foreign billing returns are answered at once and never reach Shopify', async () => {
  const victim = await stack.installShop();
  const attacker = await stack.installShop();
  const foreign = await pendingCharge(victim.shop, victim.appToken); // the victim's real charge, returned on the attacker's shop
  const reads = subscriptionReads();
  const from = address();
  const [answers, ms] = await timed(() =>
    Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        billingReturn(attacker.domain, i % 2 ? foreign : String(crypto.randomInt(1, 2 ** 47)), from).then(async (r) => ({ r, text: await r.clone().text() })),
      ),
    ),
  );
  console.log(`forged billing returns: 40 answered in ${ms} ms, ${reads.mock.calls.length} Shopify reads`);
  expect(reads).not.toHaveBeenCalled();
  expect(ms).toBeLessThan(10_000);
  const statuses = answers.map((a) => a.r.status);
  expect(new Set(statuses)).toEqual(new Set([404, 429]));
  for (const a of answers.filter((x) => x.r.status === 404)) expect(JSON.parse(a.text).message).toBe('This charge was not asked for by this shop');
  await expectTooMany(answers.find((a) => a.r.status === 429)!.r);
});

test('concurrent returns of a real pending charge share the Shopify read, and replays are capped', async () => {
  const { appToken, domain, shop } = await stack.installShop();
  const charge = await pendingCharge(shop, appToken);
  const reads = subscriptionReads();
  const from = address();
  const [first, ms] = await timed(() => Promise.all(Array.from({ length: 12 }, () => billingReturn(domain, charge, from))));
  const concurrentReads = reads.mock.calls.length;
  console.log(`12 concurrent returns of one pending charge: ${ms} ms, ${concurrentReads} Shopify read(s)`);
  expect(first.map((r) => r.status)).toEqual(Array(12).fill(302));
  expect(first[0].headers.get('location')).toBe(`${stack.appUrl}/subscription?charge=declined`); // not approved yet
  expect(concurrentReads).toBe(1);
  // one by one (each after the shared answer has lapsed), a replay reads Shopify again only up to the
  // charge's budget (5 per 10 minutes)
  const replays: number[] = [];
  for (let i = 0; i < 6; i++) {
    const before = reads.mock.calls.length;
    const res = await eventually(
      async () => {
        const r = await billingReturn(domain, charge, address());
        return r.status === 429 || reads.mock.calls.length > before ? r : undefined;
      },
      30_000,
      500,
    );
    replays.push(res.status);
  }
  expect(replays).toEqual([302, 302, 302, 302, 429, 429]);
  expect(reads).toHaveBeenCalledTimes(5);
});

test('120 coupon guesses from one shop: 10 misses answered 400, then 429 with Retry-After; a real code is never counted', async () => {
  const { appToken } = await stack.installShop();
  const code = `REAL${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await addCoupon(stack.api.knex, { code, kind: 'percentage', value: 10 });
  const from = address();
  const http = client(stack.appUrl, appToken);
  const check = (c: string) => http.get(`/api/subscription/coupons/${c}`, { 'x-forwarded-for': from });
  // a merchant checking a real code again and again spends nothing
  for (let i = 0; i < 12; i++) expect((await check(code)).status).toBe(200);
  const statuses: number[] = [];
  for (let i = 0; i < 120; i++) statuses.push((await check(`GUESS${i}`)).status);
  console.log(`coupon guesses: ${statuses.filter((s) => s === 400).length} x 400, ${statuses.filter((s) => s === 429).length} x 429`);
  expect(statuses).toEqual([...Array(10).fill(400), ...Array(110).fill(429)]);
  const blocked = await check(code); // past the budget even a right code waits: no oracle for guessers
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(blocked.body).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS', message: expect.stringContaining('Too many coupon codes tried') });
  // the subscribe call's coupon is the same door
  expect((await http.get(`/api/subscription/shopify/subscribe/pro?coupon=GUESSX`, { 'x-forwarded-for': from })).status).toBe(429);
});

test('QR code enumeration: 20 unknown codes per address, then 429 even for a real one; other shoppers still scan', async () => {
  const { appToken, shop } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'enterprise' });
  const http = client(stack.appUrl, appToken);
  const [product] = (await http.get('/api/manual-import?limitPerPage=10')).body.data;
  const { url } = (await http.post('/api/qrcodes', product)).body;
  const from = address();
  const scan = (u: string, who = from) => fetch(u, { headers: { 'x-forwarded-for': who } });
  const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
  const guess = () => Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  // the shopper's real scans are given back
  for (let i = 0; i < 3; i++) expect((await scan(url)).status).toBe(200);
  const [statuses, ms] = await timed(async () => {
    const out: number[] = [];
    for (let i = 0; i < 70; i++) out.push((await scan(`${stack.appUrl}/q/${guess()}`)).status);
    return out;
  });
  console.log(`QR enumeration: 70 guesses in ${ms} ms, ${statuses.filter((s) => s === 404).length} x 404, ${statuses.filter((s) => s === 429).length} x 429`);
  expect(statuses).toEqual([...Array(20).fill(404), ...Array(50).fill(429)]);
  const blocked = await scan(url);
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await blocked.text()).toContain('Too many unknown codes were tried from here');
  expect((await scan(url, address())).status).toBe(200);
});

test('forged OAuth callbacks: 20 refusals per address, then 429 with Retry-After', async () => {
  const from = address();
  const forged = () =>
    fetch(
      `${stack.appUrl}/auth/callback?${new URLSearchParams({ code: 'x', hmac: 'f'.repeat(64), shop: 'victim.myshopify.com', state: 'nonce', timestamp: '1' })}`,
      {
        headers: { 'x-forwarded-for': from },
        redirect: 'manual',
      },
    );
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) statuses.push((await forged()).status);
  expect(statuses).toEqual([...Array(20).fill(400), ...Array(5).fill(429)]);
  const blocked = await forged();
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await blocked.text()).toContain('Too many sign-in attempts from here');
});

test('forged signed links: 30 bad links per address across every link door, then 429 with Retry-After even for those doors', async () => {
  const from = address();
  const doors = ['/r/write', '/r/unsubscribe', '/r/click', '/r/photo', '/r/edit', '/r/mine', '/qa/answer', '/r/verify-sender', '/r/s'];
  const forgedToken = () =>
    `${Buffer.from(JSON.stringify({ purpose: 'x', shop: 'a', exp: 2e9 })).toString('base64url')}.${crypto.randomBytes(32).toString('base64url')}`;
  const open = (door: string, who = from) =>
    fetch(`${stack.appUrl}${door}/${forgedToken()}`, { headers: { 'x-forwarded-for': who, accept: 'text/html' }, redirect: 'manual' });
  const statuses: number[] = [];
  for (let i = 0; i < 35; i++) statuses.push((await open(doors[i % doors.length])).status);
  console.log(`forged signed links: ${statuses.filter((s) => s === 400).length} x 400, ${statuses.filter((s) => s === 429).length} x 429`);
  expect(statuses).toEqual([...Array(30).fill(400), ...Array(5).fill(429)]);
  const blocked = await open('/r/unsubscribe');
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await blocked.text()).toContain('Too many invalid or expired links were opened from here');
  // another address is not blocked
  expect((await open('/r/unsubscribe', address())).status).toBe(400);
});
