// Issue 32 on the real stack (dev server, worker, SMTP sink, store emulator; delays of seconds):
// - stars in the email: a three-star click lands on the write page with three stars chosen, counts
//   as started (queue row, analytics), and the reminder then asks to finish the review;
// - postpone: "Not arrived yet?" asks the workflow to wait; the request goes out again after the
//   delivery, and the queue row and the workflow's history show it.
import { client, eventually, startPlatformStack, storeSettingsRaw, updateShop, type StoredMail } from '@plaudit/kernel/testing';
import { clickPaths, decodedMail, followClick, sinkMail } from './mail-helpers';
import { requestsAnalytics } from '../db/analytics';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();
const mailWithId = (domain: string, suffix: string) => eventually(async () => sinkMail(domain).find((m) => m.messageId?.includes(`-${suffix}@`)), 40_000);
// The shared test worker's APP_URL is not this test's API: keep the links' paths, use our origin.
const ours = (url: string) => stack.appUrl + url.replace(/^https?:\/\/[^/]+/, '');

/** The stars a write link's signed payload opens the form with (read, not verified: the page verifies). */
const signedRating = (url: string) => JSON.parse(Buffer.from(new URL(url).pathname.split('/').pop()!.split('.')[0], 'base64url').toString()).data.rating;

/** The click links of a mail's stars, in order, with their titles ("3 of 5 stars"). */
function starLinks(mail: StoredMail): { path: string; title: string }[] {
  return [...decodedMail(mail).matchAll(/<a href="[^"]*(\/r\/click\/[\w-]+\.[\w-]+)" title="([^"]*of 5 stars)"/g)].map((m) => ({ path: m[1], title: m[2] }));
}

/**
 * A shop on a plan with interactive email (installed before the full-access date, so the plan
 * decides); its requests go out a second after fulfillment.
 */
async function shop(settings: Record<string, unknown>, plan = 'advanced') {
  const installed = await stack.installShop();
  await updateShop(stack.api, installed.shop.id, { plan, installedAt: '2025-01-01T00:00:00Z' });
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    ...settings,
  });
  return installed;
}

test('a three-star click opens the write page with three stars, counts as started, and the reminder asks to finish', async () => {
  const { domain, shop: s, appToken } = await shop({ reminders: 1, reminderAfter: { amount: 8, unit: 'second' } });
  // a US customer: the pages and emails follow the customer's language, and these checks read English
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, country: 'US' });
  const request = await mailWithId(domain, '0');
  const products = (await entry(s.id, order.id)).lineItems.filter((li: { productId: string | null }) => li.productId);
  const stars = starLinks(request);
  expect(stars.map((x) => x.title)).toEqual(products.flatMap(() => ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']));
  expect(decodedMail(request)).toContain('Not arrived yet?');

  // the third star of the first product: signed click link -> the write link with 3 stars signed in
  const { status, location } = await followClick(stack.appUrl, stars[2].path);
  expect(status).toBe(302);
  expect(signedRating(location!)).toBe(3);
  const page = await fetch(ours(location!));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toMatch(/<input type="radio" name="rating" id="r3" value="3" checked>/);
  expect(html).not.toMatch(/value="[1245]" checked/);

  // started, though nothing was submitted
  const row = await entry(s.id, order.id);
  expect(row).toMatchObject({ startedRating: 3, reviewedAt: null });
  expect(row.startedAt).not.toBeNull();
  const tenant = stack.api.runtime.services.tenant(s.id, domain);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
  const days = await requestsAnalytics(stack.api.knex).days(tenant, { from: today, to: today, timezone: 'UTC' });
  expect(days[today]).toMatchObject({ 'requests.sent.email': 1, 'requests.clicked': 1, 'requests.started': 1 });

  // the queue row shows it
  const list = (await client(stack.appUrl, appToken).get('/api/email-queue?limitPerPage=10')).body;
  expect(list.data.find((r: { orderId: string }) => r.orderId === order.id)).toMatchObject({ startedRating: 3 });

  // the reminder: "finish your review", no stars, its button opens the page with the three stars
  const reminder = await mailWithId(domain, '1');
  expect(reminder.subject).toMatch(/^Finish your review: /);
  const text = decodedMail(reminder);
  expect(text).toContain('You have started your review');
  expect(text).toContain('Finish your review');
  expect(starLinks(reminder)).toEqual([]);
  const button = await followClick(stack.appUrl, clickPaths(text)[0]);
  expect(signedRating(button.location!)).toBe(3);
  expect(await (await fetch(ours(button.location!))).text()).toMatch(/value="3" checked/);
});

test('the template editor shows the stars and the postpone line; a plan without interactive email gets no stars', async () => {
  const advanced = await shop({ reminders: 1 });
  const preview = async (appToken: string) =>
    (await client(stack.appUrl, appToken).post('/api/email-templates/review-reminder/preview', {})).body.data.html as string;
  const html = await preview(advanced.appToken);
  // the sample's two products, five stars each
  expect(html.match(/title="\d of 5 stars"/g)).toHaveLength(10);
  expect(html).toContain('Not arrived yet?');

  const pro = await shop({ reminders: 1 }, 'pro');
  const plain = await preview(pro.appToken);
  expect(plain).not.toMatch(/of 5 stars/);
  expect(plain).toContain('Not arrived yet?');
});

test('"Not arrived yet?" postpones the request: it goes out again after the delivery, shown on the row and in the history', async () => {
  const {
    domain,
    shop: s,
    appToken,
  } = await shop({
    reminders: 1,
    reminderAfter: { amount: 10, unit: 'minute' },
    postponeFor: { amount: 1, unit: 'day' },
  });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, country: 'US' });
  const request = await mailWithId(domain, '0');
  const postponePath = /\/r\/postpone\/[\w-]+\.[\w-]+/.exec(decodedMail(request))![0];
  // (the mail is in the sink a moment before the workflow records the send)
  await eventually(async () => ((await entry(s.id, order.id)).status === 'success' ? true : undefined), 20_000);

  // the link's page only asks (a mail scanner's visit changes nothing)
  const asked = await fetch(stack.appUrl + postponePath);
  expect(asked.status).toBe(200);
  expect(await asked.text()).toContain('<form method="post">');
  expect((await entry(s.id, order.id)).postponedAt).toBeNull();
  // a forged link
  expect((await fetch(`${stack.appUrl}${postponePath}x`, { method: 'POST' })).status).toBe(400);

  const answered = await fetch(stack.appUrl + postponePath, { method: 'POST' });
  expect(answered.status).toBe(200);
  expect(await answered.text()).toContain('We will ask for your review once your order has arrived');
  const row = await entry(s.id, order.id);
  expect(row.postponedAt).not.toBeNull();
  expect(new Date(row.postponedUntil).getTime() - new Date(row.postponedAt).getTime()).toBe(86_400_000);
  expect(row.postponeSentAt).toBeNull();
  // once per request: a second answer says so without a second postponement
  const again = await fetch(stack.appUrl + postponePath, { method: 'POST' });
  expect(await again.text()).toContain('We will ask for your review once your order has arrived');
  expect((await entry(s.id, order.id)).postponedAt).toEqual(row.postponedAt);

  const queued = async () =>
    ((await client(stack.appUrl, appToken).get('/api/email-queue?limitPerPage=10')).body.data as any[]).find((r) => r.orderId === order.id);
  expect(await queued()).toMatchObject({ postponeSentAt: null });
  expect((await queued()).postponedUntil).not.toBeNull();

  // the delivery: the request goes out again, after it
  const deliveredAt = Date.now();
  await stack.control(`/orders/${encodeURIComponent(order.admin_graphql_api_id)}/deliver`, { wait: true });
  const second = await mailWithId(domain, 'again');
  expect(second.subject).not.toMatch(/^Reminder/);
  expect(decodedMail(second)).not.toContain('Not arrived yet?');
  const sentRow = await eventually(async () => ((await entry(s.id, order.id)).postponeSentAt ? entry(s.id, order.id) : undefined), 20_000);
  expect(new Date(sentRow.postponeSentAt).getTime()).toBeGreaterThanOrEqual(deliveredAt - 1000);
  expect((await queued()).postponeSentAt).not.toBeNull();

  // the workflow's history: the customer's postpone update, its record, the second send
  const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(`review-request:${domain}:${order.id}`);
  const history = JSON.stringify((await handle.fetchHistory()).events);
  expect(history).toContain('"postpone"');
  expect(history).toContain('postponeRequest');
  expect(history).toContain('sendPostponed');
});
