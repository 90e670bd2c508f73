// The request side of analytics (issue 18): the click redirect and its UTM parameters on a real
// send, links that are not genuine, the capability RequestsAnalytics (local days in a
// non-UTC timezone, time-to-review buckets, unsubscribes, the sweep of changed rows), the review and
// photo facts from the reviews plugin's events, and the demo shop's seeded month.
import { client, createShop, eventually, startPlatformStack, storeSettingsRaw } from '@plaudit/kernel/testing';
import { seedDemoRequests } from '../api/demo-requests';
import type { DayFacts } from '@plaudit/contracts/analytics';
import { RequestsAnalytics } from '@plaudit/contracts/review-requests';
import { ReviewCreated, ReviewMediaAdded } from '@plaudit/contracts/reviews';
import { clickPaths, decodedMail, followClick, sinkMail } from './mail-helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const services = () => stack.api.runtime.services;
const analytics = () => services().capabilities.require(RequestsAnalytics);
const queue = () => stack.api.knex('email_queue');
const byId = async (id: number) => queue().where({ id }).first();
let orders = 0;
/** An entry written as the workflow would have left it (the facts' arithmetic needs exact instants). */
async function entry(shopId: number, fields: Record<string, unknown>) {
  const [row] = await queue()
    .insert({ shopId, orderId: `analytics-${Date.now()}-${orders++}`, status: 'success', workflowId: 'none', ...fields })
    .returning('*');
  return row;
}
const at = (iso: string) => new Date(iso);
const plusHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000);

test('a click on a request link records the first click once, then redirects; storefront links carry the UTM parameters', async () => {
  const { domain, shop, appToken } = await stack.installShop();
  await storeSettingsRaw(stack.api, shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 1,
    reminderAfter: { amount: 1, unit: 'hour' },
  });
  const http = client(stack.appUrl, appToken);
  expect(
    (
      await http.put('/api/email-templates/review-reminder', {
        content: '<p>Thanks! <a href="{{ shop_url }}/collections/all?sort=new&amp;page=2">Keep shopping</a></p>',
      })
    ).status,
  ).toBe(200);
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const sent = await eventually(async () => {
    const row = await queue().where({ shopId: shop.id, orderId: order.id, queueType: 'email' }).first();
    return row?.status === 'success' ? row : undefined;
  }, 40_000);
  const mail = await eventually(async () => sinkMail(domain).find((m) => m.messageId?.startsWith(`<review-request-${sent.id}-0@`)), 20_000);
  const raw = decodedMail(mail);
  expect(raw).not.toContain('/collections/all?sort');

  const targets = await Promise.all(clickPaths(raw).map((path) => followClick(stack.appUrl, path)));
  expect(targets.every((t) => t.status === 302)).toBe(true);
  // the review links lead to our write page as they are; the shop's link gets the UTM parameters
  expect(targets.filter((t) => /\/r\/write\//.test(t.location!)).length).toBeGreaterThan(0);
  const storefront = targets.map((t) => new URL(t.location!)).find((u) => u.pathname === '/collections/all')!;
  const shopView = (await services().shops.get(shop.id))!;
  expect(storefront.host).toBe(shopView.publicDomain ?? domain);
  expect(Object.fromEntries(storefront.searchParams)).toEqual({
    sort: 'new',
    page: '2',
    utm_source: 'plaudit',
    utm_medium: 'email',
    utm_campaign: 'review_request',
    utm_content: String(sent.id),
  });

  // the first click is kept (it also counts as the open the pixel may not have told)
  const first = await byId(sent.id);
  expect(first.clickedAt).not.toBeNull();
  expect(first.openedAt).not.toBeNull();
  await followClick(stack.appUrl, clickPaths(raw)[0]);
  expect((await byId(sent.id)).clickedAt).toEqual(first.clickedAt);
  await eventually(async () => ((await byId(sent.id)).status === 'opened' ? true : undefined));

  // attribution reads it through the capability, for the shop's own entries only
  expect(await analytics().clickedAt(services().tenant(shop.id, domain), sent.id)).toEqual(first.clickedAt);
  const other = await createShop(stack.api);
  expect(await analytics().clickedAt(services().tenant(other.shop.id, other.shop.shopifyDomain), sent.id)).toBeUndefined();
});

test('a click link that is not genuine, expired, of another purpose or naming another shop never fails', async () => {
  const { domain, shop } = await stack.installShop();
  const other = await createShop(stack.api);
  const theirs = await entry(other.shop.id, { sentAt: new Date() });
  const { links } = services();
  const shopView = (await services().shops.get(shop.id))!;
  const storefront = `https://${shopView.publicDomain ?? domain}/`;

  const garbage = await fetch(`${stack.appUrl}/r/click/not-a.token`, { redirect: 'manual' });
  expect(garbage.status).toBe(400);
  expect(await garbage.text()).toContain('This link is not valid or has expired.');
  // A token naming one of our shops, but expired, of another purpose or forged: to that shop, never to its target.
  const expired = links.sign('review-requests.click', domain, { queueEntry: theirs.id, to: 'https://elsewhere.example/' }, -60);
  const open = links.sign('review-requests.open', domain, { queueEntry: theirs.id, orderId: theirs.orderId }, 3600);
  const forged = `${expired.split('.')[0]}.${open.split('.')[1]}`;
  for (const token of [expired, open, forged]) expect(await followClick(stack.appUrl, `/r/click/${token}`)).toEqual({ status: 302, location: storefront });
  // A genuine link of this shop naming another shop's entry: the customer goes on, nothing is recorded there.
  const foreign = links.sign('review-requests.click', domain, { queueEntry: theirs.id, to: 'https://elsewhere.example/page' }, 3600);
  expect(await followClick(stack.appUrl, `/r/click/${foreign}`)).toEqual({ status: 302, location: 'https://elsewhere.example/page' });
  expect((await byId(theirs.id)).clickedAt).toBeNull();
});

describe('RequestsAnalytics', () => {
  // 2026-01-14 in New York (UTC-5): 23:30 local is 04:30 UTC the next day.
  const NY = 'America/New_York';

  test('days: a request counts on the local day it was sent (else queued), with its funnel, reminders, failures, skips, time to review and unsubscribes', async () => {
    const { shop } = await createShop(stack.api);
    const id = shop.id;
    const e = (fields: Record<string, unknown>) => entry(id, fields);
    // sent 23:30 local: the 14th, though UTC says the 15th; reviewed within the hour, with a photo
    await e({
      createdAt: at('2026-01-14T15:00:00Z'),
      sentAt: at('2026-01-15T04:30:00Z'),
      openedAt: at('2026-01-15T04:40:00Z'),
      clickedAt: at('2026-01-15T04:41:00Z'),
      reviewedAt: plusHours('2026-01-15T04:30:00Z', 0.5),
      photoAddedAt: at('2026-01-15T05:10:00Z'),
      status: 'reviewed',
    });
    await e({
      createdAt: at('2026-01-14T14:00:00Z'),
      sentAt: at('2026-01-14T16:00:00Z'),
      openedAt: at('2026-01-14T17:00:00Z'),
      reviewedAt: plusHours('2026-01-14T16:00:00Z', 5),
      status: 'reviewed',
    });
    // reviewed after the reminder (known from reminded_at; from the count alone on a row older than it); one raced it
    await e({
      sentAt: at('2026-01-14T17:00:00Z'),
      reminderCount: 1,
      remindedAt: plusHours('2026-01-14T17:00:00Z', 72),
      reviewedAt: plusHours('2026-01-14T17:00:00Z', 100),
      status: 'reviewed',
    });
    await e({ sentAt: at('2026-01-14T18:00:00Z'), reminderCount: 1, reviewedAt: plusHours('2026-01-14T18:00:00Z', 30), status: 'reviewed' });
    await e({
      sentAt: at('2026-01-14T19:00:00Z'),
      reminderCount: 1,
      remindedAt: plusHours('2026-01-14T19:00:00Z', 72),
      reviewedAt: plusHours('2026-01-14T19:00:00Z', 40),
      status: 'reviewed',
    });
    // queued the 13th, sent the 14th: the send's day; reviewed after 800 hours
    await e({
      createdAt: at('2026-01-13T12:00:00Z'),
      sentAt: at('2026-01-14T12:00:00Z'),
      reviewedAt: plusHours('2026-01-14T12:00:00Z', 800),
      status: 'reviewed',
    });
    await e({ queueType: 'push', sentAt: at('2026-01-14T20:00:00Z'), clickedAt: at('2026-01-14T20:05:00Z') });
    await e({ createdAt: at('2026-01-14T21:00:00Z'), status: 'failed', errorMessage: '550' });
    await e({ createdAt: at('2026-01-14T21:10:00Z'), status: 'cancel', skipReason: 'unsubscribed' });
    await e({ createdAt: at('2026-01-14T21:20:00Z'), status: 'cancel' });
    await e({ createdAt: at('2026-01-15T04:45:00Z'), status: 'waiting' });
    // sent 00:30 local the 15th; its customer unsubscribed 23:50 local the 14th (the unsubscribe's own day)
    await e({ sentAt: at('2026-01-15T05:30:00Z'), unsubscribedAt: at('2026-01-15T04:50:00Z') });

    const tenant = services().tenant(id, shop.shopifyDomain);
    const days = await analytics().days(tenant, { from: '2026-01-13', to: '2026-01-15', timezone: NY });
    expect(Object.keys(days).sort()).toEqual(['2026-01-14', '2026-01-15']);
    expect(days['2026-01-14']).toEqual({
      'requests.sent.email': 6,
      'requests.sent.push': 1,
      'requests.opened': 2,
      'requests.clicked': 2,
      'requests.reviewed': 6,
      'requests.photo': 1,
      'requests.reminded': 3,
      'requests.reviewed_after_reminder': 2,
      'requests.failed': 1,
      'requests.unsubscribed': 1,
      'requests.skipped.unsubscribed': 1,
      'requests.skipped.cancelled': 1,
      'requests.ttr.h1': 1,
      'requests.ttr.h6': 1,
      'requests.ttr.d2': 2,
      'requests.ttr.d7': 1,
      'requests.ttr.more': 1,
      // the funnel by channel (issue 32): the entries' channel (email here), push entries apart
      'requests.channel.email.sent': 6,
      'requests.channel.email.clicked': 1,
      'requests.channel.email.reviewed': 6,
      'requests.channel.push.sent': 1,
      'requests.channel.push.clicked': 1,
    });
    expect(days['2026-01-15']).toMatchObject({ 'requests.sent.email': 1, 'requests.reviewed': 0, 'requests.unsubscribed': 0 });
    // in UTC the 23:30 send is on the 15th
    const utc = await analytics().days(tenant, { from: '2026-01-15', to: '2026-01-15', timezone: 'UTC' });
    expect(utc['2026-01-15']).toMatchObject({ 'requests.sent.email': 2, 'requests.unsubscribed': 1 });
    // a range that ends the day before sees nothing of it
    expect(await analytics().days(tenant, { from: '2026-01-10', to: '2026-01-13', timezone: NY })).toEqual({});
    expect(await analytics().firstDay(tenant, NY)).toBe('2026-01-14');
    expect(await analytics().firstDay(services().tenant((await createShop(stack.api)).shop.id, 'none.myshopify.com'), NY)).toBeUndefined();
  });

  test('touched: an update, whoever makes it, reports the buckets of both the creation and the send', async () => {
    const { shop } = await createShop(stack.api);
    const row = await entry(shop.id, { createdAt: at('2026-02-03T10:07:00Z'), status: 'waiting' });
    const since = new Date(Date.now() - 1000);
    // no updated_at given: the trigger sets it
    await queue()
      .where({ id: row.id })
      .update({ sentAt: at('2026-02-05T23:59:00Z'), status: 'success' });
    const until = new Date(Date.now() + 1000);
    expect((await byId(row.id)).updatedAt.getTime()).toBeGreaterThan(new Date(row.updatedAt).getTime());
    const mine = (await analytics().touched(since, until)).find((t) => t.shopId === shop.id)!;
    expect(mine.buckets.map((b) => b.toISOString()).sort()).toEqual(['2026-02-03T10:00:00.000Z', '2026-02-05T23:45:00.000Z']);
    // an unsubscribe marks its own bucket
    const before = new Date(Date.now() - 1000);
    await queue()
      .where({ id: row.id })
      .update({ unsubscribedAt: at('2026-02-06T08:31:00Z') });
    const again = (await analytics().touched(before, new Date(Date.now() + 1000))).find((t) => t.shopId === shop.id)!;
    expect(again.buckets.map((b) => b.toISOString())).toContain('2026-02-06T08:30:00.000Z');
    // outside the window: not reported
    expect((await analytics().touched(new Date(Date.now() + 2000), new Date(Date.now() + 60_000))).find((t) => t.shopId === shop.id)).toBeUndefined();
  });

  test("the reviews plugin's events: the request is reviewed, then its review gets a photo", async () => {
    const { shop } = await createShop(stack.api);
    const shopDomain = shop.shopifyDomain;
    const row = await entry(shop.id, { sentAt: new Date(), customerEmail: 'photo@example.com' });
    const reviewId = 800_000_000 + row.id;
    const { events } = services();
    await events.emit(
      ReviewCreated,
      {
        shopId: shop.id,
        shopDomain,
        reviewId,
        productId: null,
        rating: 5,
        source: 'customer',
        status: 'pending',
        orderId: row.orderId,
        queueEntryId: row.id,
        mediaCount: 0,
      },
      { key: reviewId, shopDomain },
    );
    const reviewed = await eventually(async () => ((await byId(row.id)).reviewedAt ? byId(row.id) : undefined), 30_000);
    expect(reviewed).toMatchObject({ reviewId, photoAddedAt: null });
    await events.emit(ReviewMediaAdded, { shopId: shop.id, shopDomain, reviewId, mediaCount: 1 }, { key: `${reviewId}:1`, shopDomain });
    await eventually(async () => ((await byId(row.id)).photoAddedAt ? true : undefined), 30_000);
    expect((await byId(row.id)).reviewedAt).toEqual(reviewed.reviewedAt);
  });
});

test('the demo history: a month of requests, seeded once, and orders whose landing page names a clicked request', async () => {
  const { domain, shop, appToken } = await stack.installShop();
  await seedDemoRequests(services(), domain);
  const demo = () => queue().where({ shopId: shop.id, demo: true });
  const seeded = await demo();
  expect(seeded.filter((r) => r.queueType === 'email')).toHaveLength(120);
  expect(seeded.some((r) => r.queueType === 'push')).toBe(true);

  const timezone = (await services().shops.get(shop.id))!.timezone;
  const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(ms));
  const days = await analytics().days(services().tenant(shop.id, domain), { from: day(Date.now() - 31 * 86_400_000), to: day(Date.now()), timezone });
  const total: DayFacts = {};
  for (const facts of Object.values(days)) for (const [name, n] of Object.entries(facts)) total[name] = (total[name] ?? 0) + n;
  for (const name of ['sent.email', 'sent.push', 'opened', 'clicked', 'reviewed', 'photo', 'reminded', 'reviewed_after_reminder', 'failed', 'unsubscribed']) {
    expect({ [name]: total[`requests.${name}`] > 0 }).toEqual({ [name]: true });
  }
  expect(Object.keys(total).some((k) => k.startsWith('requests.skipped.'))).toBe(true);
  expect(total['requests.reviewed']).toBeLessThan(total['requests.clicked']);
  // issue 32: the funnel by channel shows each channel the demo's requests went by
  for (const channel of ['email', 'sms', 'whatsapp', 'push']) expect({ [channel]: total[`requests.channel.${channel}.sent`] > 0 }).toEqual({ [channel]: true });

  // The orders it placed in the store come back as Shopify's orders/create, their landing page naming a request clicked within days.
  const attributed = await eventually(async () => {
    const hooks: { body: string }[] = await stack.control(`/webhooks?shop=${domain}&topic=orders/create`);
    const found = hooks.map((h) => JSON.parse(h.body)).filter((o) => /utm_source=plaudit/.test(o.landing_site ?? ''));
    return found.length >= 3 ? found : undefined;
  });
  for (const order of attributed) {
    const utm = new URL(order.landing_site, 'https://landing.invalid').searchParams;
    expect(utm.get('utm_medium')).toBe('email');
    const request = seeded.find((r) => r.id === Number(utm.get('utm_content')))!;
    expect(request).toMatchObject({ demo: true, queueType: 'email' });
    const sinceClick = Date.parse(order.created_at) - request.clickedAt.getTime();
    expect(sinceClick).toBeGreaterThan(0);
    expect(sinceClick).toBeLessThan(7 * 86_400_000);
  }

  await seedDemoRequests(services(), domain);
  expect(await demo()).toHaveLength(seeded.length);
  // nothing runs behind a demo request, yet a failed one can be resent: a new attempt starts (issue 37.1)
  const failed = seeded.find((r) => r.status === 'failed')!;
  const resend = await client(stack.appUrl, appToken).post(`/api/email-queue/${failed.id}/resend`);
  expect({ status: resend.status, mentionsWorkflow: JSON.stringify(resend.body).includes('workflow') }).toEqual({ status: 200, mentionsWorkflow: false });
});
