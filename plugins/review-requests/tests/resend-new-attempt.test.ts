// Resend and Send anyway start a new attempt whatever the row's history (issue 37): a row that never
// had a run (the demo history), a run that ended (terminated here), through the row action, the bulk
// action and bulk send anyway; no answer names a workflow id. Real dev server, worker and emulator.
import { client, eventually, startPlatformStack, storeSettingsRaw } from '@plaudit/kernel/testing';
import { sinkMail } from './mail-helpers';
import { timerSummaries } from './timer-summaries';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

async function shop() {
  const installed = await stack.installShop();
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', { sendMethod: 'fulfillment', sendAfter: 'custom', timeUnit: 'second', reminders: 0 });
  return { ...installed, http: client(stack.appUrl, installed.appToken) };
}

let next = 0;
/** A queue row as the demo history writes it: no workflow ever ran for it. */
async function rowWithoutRun(shopId: number, status: string, email: string) {
  const orderId = `92000000${process.pid}${next++}`;
  const [row] = await stack.api
    .knex('email_queue')
    .insert({
      shopId,
      orderId,
      queueType: 'email',
      status,
      workflowId: 'demo',
      demo: true,
      name: `#R${orderId.slice(-4)}`,
      customerEmail: email,
      customerName: 'Ada Lovelace',
      customerLocale: 'en',
      lineItems: JSON.stringify([{ productId: null, title: 'Linen Shirt', quantity: 1 }]),
      createdOrderAt: new Date('2026-11-01T10:00:00Z'),
      errorMessage: status === 'failed' ? '550 5.1.1 Mailbox unavailable' : null,
    })
    .returning('*');
  return row;
}

const statusOf = (id: number, status: string) =>
  eventually(async () => {
    const row = await stack.api.knex('email_queue').where({ id }).first();
    return row?.status === status ? row : undefined;
  }, 40_000);
const mailTo = (domain: string, to: string) => eventually(async () => sinkMail(domain).find((m) => m.envelopeTo.includes(to)), 40_000);

test('Resend of a failed row that never had a run sends it; no answer carries a workflow id', async () => {
  const { domain, shop: s, http } = await shop();
  const failed = await rowWithoutRun(s.id, 'failed', `resend-${process.pid}@example.com`);
  const resent = await http.post(`/api/email-queue/${failed.id}/resend`);
  expect(resent.status).toBe(200);
  expect(JSON.stringify(resent.body)).not.toContain('review-request:');
  expect(resent.body).toMatchObject({ success: true });
  await statusOf(failed.id, 'success');
  await mailTo(domain, `resend-${process.pid}@example.com`);
  // sent now: a second Resend is refused with the workflow's reason, not its id
  const again = await http.post(`/api/email-queue/${failed.id}/resend`);
  expect(again.status).toBe(409);
  expect(again.body.message).not.toContain('review-request:');
});

test('bulk Resend and bulk Send anyway start new attempts for rows without a run', async () => {
  const { domain, shop: s, http } = await shop();
  const a = await rowWithoutRun(s.id, 'failed', `bulk-a-${process.pid}@example.com`);
  const b = await rowWithoutRun(s.id, 'cancel', `bulk-b-${process.pid}@example.com`);
  const bulk = await http.post('/api/email-queue/emails-bulk-action', { ids: [a.id, b.id] });
  expect(bulk.body).toMatchObject({ success: true, message: 'Sent', data: { done: 2, refused: 0 } });
  await Promise.all([statusOf(a.id, 'success'), statusOf(b.id, 'success')]);

  const c = await rowWithoutRun(s.id, 'cancel', `anyway-${process.pid}@example.com`);
  const anyway = await http.post('/api/email-queue/bulk-send-anyway', { ids: [c.id] });
  expect(anyway.status).toBe(200);
  await statusOf(c.id, 'success');
  await mailTo(domain, `anyway-${process.pid}@example.com`);
});

test('Resend after the run ended (terminated) starts a new run that sends', async () => {
  const { domain, shop: s, http } = await shop();
  const { order } = await stack.control('/orders', { shop: domain, customerEmail: `ended-${process.pid}@example.com` });
  // waits for the fulfillment: then its run ends without sending, and the row is marked failed
  const waiting = await eventually(async () => {
    const row = await stack.api.knex('email_queue').where({ shopId: s.id, orderId: order.id, queueType: 'email' }).first();
    return row?.status === 'waitingCondition' ? row : undefined;
  }, 40_000);
  // The entry reads waitingCondition from the run's first write, before it records that status in an activity of its
  // own; an activity already handed to the worker still runs after a terminate, and would write over the failed
  // status set below. The fulfillment's timer starts once both writes are done.
  const run = stack.api.runtime.services.temporal.client.workflow.getHandle(waiting.workflowId);
  await eventually(async () => (await timerSummaries(run)).includes('Wait for the fulfillment'), 40_000);
  await run.terminate('test: the run ended');
  await stack.api.knex('email_queue').where({ id: waiting.id }).update({ status: 'failed', errorMessage: 'the run ended' });

  const resent = await http.post(`/api/email-queue/${waiting.id}/resend`);
  expect(resent.status).toBe(200);
  await statusOf(waiting.id, 'success');
  await mailTo(domain, `ended-${process.pid}@example.com`);
});
