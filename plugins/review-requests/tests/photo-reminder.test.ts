// The photo reminder (paid tiers): a review without photos written from the request email gets one
// email, after the reminder interval, whose single-use link adds photos to that review (and the
// summary's media count follows). A review with a photo, or a Free shop, gets none; a forged or
// spent link is refused. Real dev server, worker and SMTP sink, delays of seconds.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { client, eventually, startPlatformStack, storeSettingsRaw, updateShop, listMail, mailDir, currentDetails } from '@plaudit/kernel/testing';
import { clickPaths, followClick } from './mail-helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();
const mailFor = (domain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);
const photoMail = (domain: string) => mailFor(domain).filter((m) => m.messageId?.startsWith('<photo-reminder-'));
const rawOf = (file: string) =>
  fs
    .readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
// The shared test worker's APP_URL is not this test's API: keep the links' paths, use our origin.
const linkIn = (file: string, kind: 'photo') => stack.appUrl + new RegExp(`/r/${kind}/[^"\\s>]+`).exec(rawOf(file))![0];
/** The request's review link, as the customer reaches it: through the click redirect. */
async function writeLinkIn(file: string) {
  const { location } = await followClick(stack.appUrl, clickPaths(rawOf(file))[0]);
  return stack.appUrl + new URL(location!).pathname;
}

/** A real 8x8 JPEG: the reviews plugin decodes and re-encodes every upload. */
let JPEG: Buffer;
beforeAll(async () => {
  JPEG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3c3' } })
    .jpeg()
    .toBuffer();
});

function form(fields: Record<string, string>, photos: Buffer[] = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const bytes of photos) fd.append('photos', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
  return fd;
}

/** A shop whose request goes out a second after fulfillment; the reminder interval (the photo reminder's delay) is 3 seconds. */
async function shop(settings: Record<string, unknown> = {}, plan?: { plan: string; installedAt: string }) {
  const installed = await stack.installShop();
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
    reminderAfter: { amount: 3, unit: 'second' },
    ...settings,
  });
  if (plan) await updateShop(stack.api, installed.shop.id, plan);
  return installed;
}

/** The shop's reviews, read through the reviews plugin's admin API (its table is not ours). */
const reviewsOf = async (appToken: string) => (await client(stack.appUrl, appToken).get('/api/reviews')).body.data as any[];
const reviewById = async (appToken: string, id: number) => (await client(stack.appUrl, appToken).get(`/api/reviews/${id}`)).body;
const workflowOf = (domain: string, orderId: string) => stack.api.runtime.services.temporal.client.workflow.getHandle(`review-request:${domain}:${orderId}`);

/** An order fulfilled, its request email received, and a review written through the email's link. */
async function reviewFromEmail(domain: string, shopId: number, appToken: string, photos: Buffer[] = []) {
  // a US customer: the pages and emails follow the customer's language, and these checks read English
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, country: 'US' });
  const [request] = await eventually(async () => (mailFor(domain).length ? mailFor(domain) : undefined), 40_000);
  const sent = await fetch(await writeLinkIn(request.file), {
    method: 'POST',
    body: form({ rating: '5', content: 'Sturdy and pretty, use it every day.', firstName: 'Ann' }, photos),
  });
  expect(await sent.text()).toContain('Thank you!');
  const review = (await reviewsOf(appToken)).find((r) => r.orderId === order.id);
  const row = await eventually(async () => ((await entry(shopId, order.id))?.status === 'reviewed' ? entry(shopId, order.id) : undefined), 20_000);
  return { order, review, row };
}

test('a review without a photo on a paid shop: the photo reminder arrives once, and its link adds a photo', async () => {
  const { domain, shop: s, appToken } = await shop();
  const { order, review, row } = await reviewFromEmail(domain, s.id, appToken);
  expect(review.media).toEqual([]);

  const [mail] = await eventually(async () => (photoMail(domain).length ? photoMail(domain) : undefined), 30_000);
  expect(mail.messageId).toMatch(new RegExp(`^<photo-reminder-${row.id}@[^>]+>$`));
  expect(mail.subject).toBe(`Add a photo to your review of ${review.productTitle}`);
  const sentRow = await eventually(async () => ((await entry(s.id, order.id)).photoReminderStatus === 'success' ? entry(s.id, order.id) : undefined));
  expect(sentRow).toMatchObject({ status: 'reviewed', photoReviewId: review.id, photoReminderMessageId: mail.messageId });
  expect(new Date(sentRow.photoReminderSentAt).getTime() - new Date(review.createdAt).getTime()).toBeGreaterThanOrEqual(3000);
  // The workflow's current details in the Temporal UI say so too.
  const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(`review-request:${domain}:${order.id}`);
  // (the projection row is written by the activity, the details once the workflow resumes after it)
  const details = await eventually(async () => {
    const d = await currentDetails(handle);
    return d?.includes('Photo reminder: sent.') ? d : undefined;
  }, 10_000).catch(async () => await currentDetails(handle));
  expect(details).toContain('Photo reminder: sent.');

  const photoUrl = linkIn(mail.file, 'photo');
  const page = await fetch(photoUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Add a photo to your review');
  expect(html).toContain('Sturdy and pretty');
  // Not a photo: refused by content, nothing stored, and the link still good.
  const bad = await fetch(photoUrl, { method: 'POST', body: form({}, [Buffer.from('<svg onload="alert(1)"></svg>')]) });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain('type not supported (.gif, .jpg, .png)');

  const added = await fetch(photoUrl, { method: 'POST', body: form({}, [JPEG]) });
  expect(added.status).toBe(200);
  expect(await added.text()).toContain('Your photos were added to your review.');
  const after = await reviewById(appToken, review.id);
  expect(after.media).toHaveLength(1);
  expect((await fetch(stack.appUrl + after.media[0].url)).headers.get('content-type')).toBe('image/jpeg');

  // Single use: the spent link is refused, on the page and on a second post.
  expect((await fetch(photoUrl)).status).toBe(400);
  const again = await fetch(photoUrl, { method: 'POST', body: form({}, [JPEG]) });
  expect(again.status).toBe(400);
  expect(await again.text()).toContain('This link has expired');
  expect((await reviewById(appToken, review.id)).media).toHaveLength(1);
  expect(photoMail(domain)).toHaveLength(1);
});

test('a forged photo link is refused with the expired-link page', async () => {
  const forged = `${stack.appUrl}/r/photo/${Buffer.from(JSON.stringify({ p: 'photo', shop: 'x.myshopify.com', q: 1, o: '1', r: 1, exp: 2e9 })).toString('base64url')}.AAAA`;
  const res = await fetch(forged);
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('This link has expired');
  expect((await fetch(forged, { method: 'POST', body: form({}, [JPEG]) })).status).toBe(400);
});

test('a review with a photo gets no photo reminder', async () => {
  const { domain, shop: s, appToken } = await shop();
  const { order, review } = await reviewFromEmail(domain, s.id, appToken, [JPEG]);
  expect(review.media).toHaveLength(1);
  // The workflow ends once reviewed without a photo reminder to wait for: nothing more will be sent.
  expect(await workflowOf(domain, order.id).result()).toBe('reviewed');
  expect(photoMail(domain)).toEqual([]);
  expect((await entry(s.id, order.id)).photoReminderStatus).toBeNull();
});

test('a Free shop gets no photo reminder', async () => {
  // Installed before full access for everyone (api/plans.ts), on the Free plan; a reminder is still pending.
  const {
    domain,
    shop: s,
    appToken,
  } = await shop({ reminders: 1, reminderAfter: { amount: 1, unit: 'hour' } }, { plan: 'free', installedAt: '2025-01-01T00:00:00Z' });
  const { order } = await reviewFromEmail(domain, s.id, appToken);
  // The workflow decides (plan) and ends: nothing more will be sent.
  expect(await workflowOf(domain, order.id).result()).toBe('reviewed');
  expect((await entry(s.id, order.id)).photoReminderStatus).toBe('plan');
  expect(photoMail(domain)).toEqual([]);
});
