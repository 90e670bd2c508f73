// Review requests (plugins/review-requests): the order's request workflow in each phase it waits in
// for days or weeks (the facts, the fulfillment, the send time, a cancel, a failure, the quota, the
// reminders, a review and its photo reminder, the push), the sending screen's background send, the
// settings mail and the old orders' requests. Timings in seconds, from the shop's settings.
import type { WorkflowHandle } from '@temporalio/client';
import { productPng } from '../../../emulator/png';
import { until } from '../recorder';
import { email, type Context, type Scenario } from './context';

const SETTINGS = {
  sendMethod: 'fulfillment',
  sendAfter: 'custom',
  sendAfterCustom: 1,
  timeUnit: 'second',
  reminders: 0,
  reminderAfter: { amount: 3, unit: 'second' },
};

async function requestShop(ctx: Context, settings: Record<string, unknown>, plan?: string) {
  return ctx.shop({ plan, settings: { 'review-requests': { ...SETTINGS, ...settings } } });
}

const entry = (ctx: Context, shopId: number, orderId: string) => ctx.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();
const hasStatus = (ctx: Context, shopId: number, orderId: string, status: string) => async () => (await entry(ctx, shopId, orderId))?.status === status;
const requestOf = (ctx: Context, domain: string, orderId: string) => ctx.rec.find('reviewRequest', `${domain}:${orderId}`);
const inState = (ctx: Context, shopId: number, orderId: string, status: string) =>
  until(`the request of order ${orderId} in ${status}`, hasStatus(ctx, shopId, orderId, status));

/** The customer follows the request email's first product link and writes a review (photos optional). */
async function reviewFromEmail(ctx: Context, domain: string, photos: Buffer[] = []) {
  const [mail] = await until('the request email', async () => ctx.mailOfShop(domain).length > 0 && ctx.mailOfShop(domain));
  const click = ctx.linkIn(mail, /\/r\/click\/[\w-]+\.[\w-]+/);
  const write = (await fetch(click, { redirect: 'manual' })).headers.get('location')!;
  const form = new FormData();
  for (const [k, v] of Object.entries({ rating: '5', content: 'Sturdy and pretty, use it every day.', firstName: 'Ann' })) form.append(k, v);
  for (const bytes of photos) form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const sent = await fetch(ctx.stack.appUrl + new URL(write).pathname, { method: 'POST', body: form });
  if (!(await sent.text()).includes('Thank you!')) throw new Error(`the review from the request email was not taken (${sent.status})`);
}

/** Waiting shop (send an hour after fulfillment): the facts, the fulfillment, the send time; cancel, then send anyway. */
const waitingPhases: Scenario = {
  types: ['reviewRequest', 'sendRequestsNow'],
  async run(ctx) {
    const { domain, shop, http } = await requestShop(ctx, { sendAfterCustom: 3600 });
    const unfulfilled = await ctx.order(domain);
    await ctx.rec.waiting('waiting-for-fulfillment', await requestOf(ctx, domain, unfulfilled.id), hasStatus(ctx, shop.id, unfulfilled.id, 'waitingCondition'));
    const fulfilled = await ctx.order(domain, { fulfill: true });
    const request = await requestOf(ctx, domain, fulfilled.id);
    await ctx.rec.waiting('waiting-for-send-time', request, hasStatus(ctx, shop.id, fulfilled.id, 'waiting'));

    const row = await entry(ctx, shop.id, fulfilled.id);
    if ((await http.put(`/api/email-queue/${row.id}/cancel`)).status !== 200) throw new Error('cancel refused');
    await ctx.rec.waiting('cancelled', request, hasStatus(ctx, shop.id, fulfilled.id, 'cancel'));
    await http.post('/api/email-queue/bulk-send-anyway', { ids: [row.id] });
    await ctx.rec.waiting('cancelled-then-sent-anyway', request, hasStatus(ctx, shop.id, fulfilled.id, 'success'));

    // the sending screen's "send now" joins the waiting request of an order not fulfilled yet
    const started = await http.post('/api/email-request', { orderIds: [unfulfilled.id] });
    await ctx.rec.ended('one-order', await ctx.rec.find('sendRequestsNow', started.body.data.id));
    await ctx.rec.waiting('sent-now-before-fulfillment', await requestOf(ctx, domain, unfulfilled.id), hasStatus(ctx, shop.id, unfulfilled.id, 'success'));
  },
};

/** Sent a second after fulfillment: opened, then one reminder 8 s later; a refused address fails and waits for Resend. */
const sentAndReminded: Scenario = {
  types: ['reviewRequest'],
  async run(ctx) {
    const { domain, shop, http } = await requestShop(ctx, { reminders: 1, reminderAfter: { amount: 8, unit: 'second' } });
    const order = await ctx.order(domain, { fulfill: true });
    const request = await requestOf(ctx, domain, order.id);
    // opened while the request waits for its reminder, not while it is still being sent
    await ctx.rec.settled(request, hasStatus(ctx, shop.id, order.id, 'success'));
    const [mail] = await until('the request email', async () => ctx.mailOfShop(domain).length > 0 && ctx.mailOfShop(domain));
    await fetch(ctx.linkIn(mail, /\/r\/open\/[^"\s]+\.gif/));
    await inState(ctx, shop.id, order.id, 'opened');
    await ctx.rec.waiting('sent-opened-reminded', request, async () => (await entry(ctx, shop.id, order.id)).reminderCount === 1);

    const refused = await ctx.order(domain, { fulfill: true, customerEmail: 'nobody@reject.invalid' });
    const failed = await requestOf(ctx, domain, refused.id);
    await ctx.rec.waiting('failed-waiting-for-resend', failed, hasStatus(ctx, shop.id, refused.id, 'failed'));

    // Resend after the failed run has ended: a new run starts with sendNow (patched 'send-now-start')
    // and sends at once; the address is still refused, so it fails again and waits.
    await failed.terminate('the failed run ended (a replay scenario)');
    const row = await entry(ctx, shop.id, refused.id);
    if ((await http.post(`/api/email-queue/${row.id}/resend`)).status !== 200) throw new Error('resend refused');
    const resent = await until('the resend run', async () => {
      const runs = [];
      for await (const w of ctx.stack.api.runtime.services.temporal.client.workflow.list({
        query: `WorkflowId = '${failed.workflowId}' AND ExecutionStatus = 'Running'`,
      }))
        runs.push(ctx.stack.api.runtime.services.temporal.client.workflow.getHandle(w.workflowId, w.runId));
      return runs[0];
    });
    const failedAgain = async () => {
      const now = await entry(ctx, shop.id, refused.id);
      return now.status === 'failed' && new Date(now.updatedAt) > new Date(row.updatedAt);
    };
    await ctx.rec.waiting('resent-after-run-ended', resent, failedAgain);
  },
};

/** A review written from the email: without photos the photo reminder follows 3 s later; with one, none. */
const reviewed: Scenario = {
  types: ['reviewRequest'],
  async run(ctx) {
    const plain = await requestShop(ctx, {});
    const order = await ctx.order(plain.domain, { fulfill: true });
    const request = await requestOf(ctx, plain.domain, order.id);
    // reviewed while the request listens for a review, after its (no) reminders
    await ctx.rec.settled(request, hasStatus(ctx, plain.shop.id, order.id, 'success'));
    await reviewFromEmail(ctx, plain.domain);
    await ctx.rec.ended('reviewed-photo-reminder-sent', request);
    if ((await entry(ctx, plain.shop.id, order.id)).photoReminderStatus !== 'success') throw new Error('the photo reminder was not sent');

    const withPhoto = await requestShop(ctx, {});
    const second = await ctx.order(withPhoto.domain, { fulfill: true });
    const withPhotoRequest = await requestOf(ctx, withPhoto.domain, second.id);
    await ctx.rec.settled(withPhotoRequest, hasStatus(ctx, withPhoto.shop.id, second.id, 'success'));
    await reviewFromEmail(ctx, withPhoto.domain, [productPng('#3366aa', 64)]);
    await ctx.rec.ended('reviewed-with-photo', withPhotoRequest);
  },
};

/** The delivery trigger: a delivered order goes on its delivery, a silent one falls back 2 s after fulfillment. */
const deliveryTrigger: Scenario = {
  types: ['reviewRequest'],
  async run(ctx) {
    const { domain, shop } = await requestShop(ctx, { sendMethod: 'delivery', alternativeSendAfter: 2, alternativeUnit: 'second' });
    const delivered = await ctx.order(domain, { fulfill: true, deliver: true });
    await ctx.rec.waiting('delivered-sent', await requestOf(ctx, domain, delivered.id), hasStatus(ctx, shop.id, delivered.id, 'success'));
    const silent = await ctx.order(domain, { fulfill: true });
    await ctx.rec.waiting('delivery-fallback-sent', await requestOf(ctx, domain, silent.id), hasStatus(ctx, shop.id, silent.id, 'success'));
  },
};

/** A Free shop that sent its 50 requests this month: held in pause, then sent anyway. */
const overQuota: Scenario = {
  types: ['reviewRequest'],
  async run(ctx) {
    const { domain, shop, http } = await requestShop(ctx, {}, 'free');
    const now = new Date();
    await ctx
      .knex('email_queue')
      .insert(Array.from({ length: 50 }, (_, i) => ({ shopId: shop.id, orderId: `quota-${i}`, status: 'success', workflowId: `quota-${i}`, sentAt: now })));
    const order = await ctx.order(domain, { fulfill: true });
    const request = await requestOf(ctx, domain, order.id);
    await ctx.rec.waiting('over-quota-held', request, hasStatus(ctx, shop.id, order.id, 'pause'));
    await http.post('/api/email-queue/bulk-send-anyway', { ids: [(await entry(ctx, shop.id, order.id)).id] });
    await ctx.rec.waiting('over-quota-sent-anyway', request, hasStatus(ctx, shop.id, order.id, 'success'));
  },
};

/** Web push on: the push rides with the first reminder; or the merchant sends it from the queue (an update). */
const push: Scenario = {
  types: ['reviewRequest'],
  async run(ctx) {
    const pushRow = (shopId: number, orderId: string) => ctx.knex('email_queue').where({ shopId, orderId, queueType: 'push' }).first();
    const automatic = await requestShop(ctx, { reminders: 1, reminderAfter: { amount: 3, unit: 'second' } });
    await automatic.http.put('/api/integrations/web-push', { integrated: true, reviewReminderStatus: true });
    const order = await ctx.order(automatic.domain, { fulfill: true });
    await ctx.rec.waiting(
      'push-with-first-reminder',
      await requestOf(ctx, automatic.domain, order.id),
      async () => (await pushRow(automatic.shop.id, order.id))?.status === 'success',
    );

    const manual = await requestShop(ctx, { reminders: 1, reminderAfter: { amount: 1, unit: 'hour' } });
    await manual.http.put('/api/integrations/web-push', { integrated: true, reviewReminderStatus: true });
    const second = await ctx.order(manual.domain, { fulfill: true });
    const request: WorkflowHandle = await requestOf(ctx, manual.domain, second.id);
    await until('the push entry waiting', async () => (await pushRow(manual.shop.id, second.id))?.status === 'waiting');
    const queueId = (await entry(ctx, manual.shop.id, second.id)).id;
    // the workflow records the entry a moment after the activity writes it: until then it answers that none waits
    await until(
      'the push sent by the merchant',
      async () => (await manual.http.post('/api/email-queue/push-notification', { queueId })).status === 200,
      20_000,
    );
    await ctx.rec.waiting('push-sent-by-merchant', request, async () => (await pushRow(manual.shop.id, second.id))?.status === 'success');
  },
};

/** Mail the merchant asks for: a sender verification the sink accepts, and one it refuses for good. */
const settingsMail: Scenario = {
  types: ['settingsMail'],
  async run(ctx) {
    const { domain, http } = await ctx.shop();
    await http.post('/api/settings/emailSetting/verify-sender', { senderEmail: email('owner') });
    await ctx.rec.ended('verify-sender', await ctx.rec.find('settingsMail', domain));
    const refused = await ctx.shop();
    await refused.http.post('/api/settings/emailSetting/verify-sender', { senderEmail: 'owner@reject.invalid' });
    await ctx.rec.ended('verify-sender-refused', await ctx.rec.find('settingsMail', refused.domain));
  },
};

/** Requests for the last 60 days of orders, a page at a time. */
const oldOrders: Scenario = {
  types: ['oldOrderRequests'],
  async run(ctx) {
    const { domain, http } = await requestShop(ctx, { sendAfterCustom: 7, timeUnit: 'day' }, 'free');
    const started = await http.post('/api/old-orders/send');
    if (!started.body.success) throw new Error(`old orders: ${JSON.stringify(started.body)}`);
    await ctx.rec.ended('last-60-days', await ctx.rec.find('oldOrderRequests', domain));
  },
};

/** "Not arrived yet?" (issue 32): postponed while its reminder waits; it waits for the delivery, then goes out again. */
const postponed: Scenario = {
  types: ['reviewRequest'],
  async run(ctx) {
    const { domain, shop } = await requestShop(ctx, { reminders: 1, reminderAfter: { amount: 1, unit: 'hour' }, postponeFor: { amount: 1, unit: 'day' } });
    const order = await ctx.order(domain, { fulfill: true });
    const request = await requestOf(ctx, domain, order.id);
    await ctx.rec.settled(request, hasStatus(ctx, shop.id, order.id, 'success'));
    const [mail] = await until('the request email', async () => ctx.mailOfShop(domain).length > 0 && ctx.mailOfShop(domain));
    const answer = await fetch(ctx.linkIn(mail, /\/r\/postpone\/[\w-]+\.[\w-]+/), { method: 'POST' });
    if (answer.status !== 200) throw new Error(`the postpone was refused (${answer.status})`);
    const row = () => entry(ctx, shop.id, order.id);
    await ctx.rec.waiting('postponed-waiting-for-delivery', request, async () => !!(await row()).postponedUntil);
    await ctx.stack.control(`/orders/${encodeURIComponent(order.admin_graphql_api_id)}/deliver`, { wait: true });
    await ctx.rec.waiting('postponed-sent-after-delivery', request, async () => !!(await row()).postponeSentAt);
  },
};

export const reviewRequestScenarios = { waitingPhases, sentAndReminded, reviewed, deliveryTrigger, overQuota, push, settingsMail, oldOrders, postponed };
