// The photo reminder (paid tiers): a review without photos written from the request email gets one
// email, after the reminder interval, whose single-use link adds photos to that review (and the
// summary's media count follows). A review with a photo, or a Free shop, gets none; a forged or
// spent link is refused. Real dev server, worker and SMTP sink, delays of seconds.
import fs from 'node:fs';
import path from 'node:path';
import { listMail, mailDir } from '../../../api/runtime/smtp-sink';
import { eventually } from '../../../tests/support/api';
import { startPlatformStack } from '../../../tests/support/platform';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();
const mailFor = (domain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);
const photoMail = (domain: string) => mailFor(domain).filter((m) => m.messageId?.startsWith('<photo-reminder-'));
const rawOf = (file: string) => fs.readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
// The shared test worker's APP_URL is not this test's API: keep the links' paths, use our origin.
const linkIn = (file: string, kind: 'write' | 'photo') => stack.appUrl + new RegExp(`/r/${kind}/[^"\\s>]+`).exec(rawOf(file))![0];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A tiny JPEG-shaped file (JFIF header, one scan) that passes the content checks. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8]),
  Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0xd9]),
]);

function form(fields: Record<string, string>, photos: Buffer[] = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const bytes of photos) fd.append('photos', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
  return fd;
}

/** A shop whose request goes out a second after fulfillment; the reminder interval (the photo reminder's delay) is 3 seconds. */
async function shop(settings: Record<string, unknown> = {}, plan?: { plan: string; installedAt: string }) {
  const installed = await stack.installShop();
  await stack.api.knex('settings').insert({ shopId: installed.shop.id, namespace: 'review-requests', value: JSON.stringify({ sendMethod: 'fulfillment', sendAfter: 'custom', sendAfterCustom: 1, timeUnit: 'second', reminders: 0, reminderAfter: { amount: 3, unit: 'second' }, ...settings }) });
  if (plan) await stack.api.knex('shops').where({ id: installed.shop.id }).update(plan);
  return installed;
}

/** An order fulfilled, its request email received, and a review written through the email's link. */
async function reviewFromEmail(domain: string, shopId: number, photos: Buffer[] = []) {
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const [request] = await eventually(async () => (mailFor(domain).length ? mailFor(domain) : undefined), 40_000);
  const sent = await fetch(linkIn(request.file, 'write'), { method: 'POST', body: form({ rating: '5', content: 'Sturdy and pretty, use it every day.', firstName: 'Ann' }, photos) });
  expect(await sent.text()).toContain('Thank you!');
  const review = await stack.api.knex('reviews').where({ shopId, orderId: order.id }).first();
  const row = await eventually(async () => ((await entry(shopId, order.id))?.status === 'reviewed' ? entry(shopId, order.id) : undefined), 20_000);
  return { order, review, row };
}

const summaryOf = (shopId: number, productId: string) => stack.api.knex('review_summaries').where({ shopId, productKey: productId }).first();

test('a review without a photo on a paid shop: the photo reminder arrives once, and its link adds a photo', async () => {
  const { domain, shop: s } = await shop();
  const { order, review, row } = await reviewFromEmail(domain, s.id);
  expect(review.media).toEqual([]);
  expect((await summaryOf(s.id, review.productId)).mediaCount).toBe(0);

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
    const d = (await handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata')).currentDetails;
    return d?.includes('Photo reminder: sent.') ? d : undefined;
  }, 10_000).catch(async () => (await handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata')).currentDetails);
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
  const after = await stack.api.knex('reviews').where({ id: review.id }).first();
  expect(after.media).toHaveLength(1);
  expect((await fetch(stack.appUrl + after.media[0].url)).headers.get('content-type')).toBe('image/jpeg');
  expect((await summaryOf(s.id, review.productId)).mediaCount).toBe(1);

  // Single use: the spent link is refused, on the page and on a second post.
  expect((await fetch(photoUrl)).status).toBe(400);
  const again = await fetch(photoUrl, { method: 'POST', body: form({}, [JPEG]) });
  expect(again.status).toBe(400);
  expect(await again.text()).toContain('This link has expired');
  expect((await stack.api.knex('reviews').where({ id: review.id }).first()).media).toHaveLength(1);
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
  const { domain, shop: s } = await shop();
  const { order, review } = await reviewFromEmail(domain, s.id, [JPEG]);
  expect(review.media).toHaveLength(1);
  await sleep(6000);
  expect(photoMail(domain)).toEqual([]);
  expect((await entry(s.id, order.id)).photoReminderStatus).toBeNull();
});

test('a Free shop gets no photo reminder', async () => {
  // Installed before full access for everyone (api/plans.ts), on the Free plan; a reminder is still pending.
  const { domain, shop: s } = await shop({ reminders: 1, reminderAfter: { amount: 1, unit: 'hour' } }, { plan: 'free', installedAt: '2025-01-01T00:00:00Z' });
  const { order } = await reviewFromEmail(domain, s.id);
  const row = await eventually(async () => ((await entry(s.id, order.id)).photoReminderStatus ? entry(s.id, order.id) : undefined));
  expect(row.photoReminderStatus).toBe('plan');
  await sleep(4000);
  expect(photoMail(domain)).toEqual([]);
});
