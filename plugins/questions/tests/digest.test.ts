// The merchant's mail about new questions and community answers, on the real stack (PostgreSQL,
// Temporal, the shared worker, the SMTP sink): with the hourly digest, questions asked within the hour
// make one mail listing them all when the digest runs (the shop's digest workflow is started here
// with a shorter hour, as reviews' notification test does, or told to send now); run again, it mails
// nothing twice. At once (the default), one mail per question as before.
import { eventually, startPlatformStack } from '@plaudit/kernel/testing';
import { createActivities } from '../activities';
import { digestWaitingQuery, digestWorkflowId, sendDigestNowSignal } from '../workflows/messages';
import { QuestionDigest } from '../shared/workflows';
import { json, mailHtml, mailTo, question, shopWithProducts, signedProxy, type Shop, type Stack } from './helpers';
import { communityAnswer } from './digest-helpers';

jest.setTimeout(180_000);
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const merchantMail = (shop: Shop) => mailTo(shop.shop.email!);

async function ask(shop: Shop, text: string, ip: string): Promise<number> {
  const res = await signedProxy(stack, shop.domain, 'questions', { ...json(question(shop.products[0].id, { question: text })), ip });
  expect(res.status).toBe(201);
  return (await res.json()).data.id as number;
}

async function hourly(shop: Shop) {
  const saved = await shop.http.put('/api/questions/settings', { notifyEvery: 'hourly' });
  expect(saved.body.data).toMatchObject({ notifyEvery: 'hourly', notifyMerchant: true });
}

test('hourly: three questions within the hour make one mail listing all three, when the digest runs, and never a second', async () => {
  const shop = await shopWithProducts(stack);
  await hourly(shop);
  const { temporal, config } = stack.api.runtime.services;
  // the shop's digest workflow with a 30-second "hour"; the questions' events signal it
  const handle = await temporal.start(QuestionDigest, {
    workflowId: digestWorkflowId(shop.domain),
    taskQueue: config.temporal.taskQueue,
    args: [{ shopId: shop.shop.id, shopDomain: shop.domain, everyMs: 30_000 }],
  });
  const texts = ['Is the mug safe in the dishwasher?', 'Does it <b>keep</b> tea hot?', 'How tall is it?'];
  // asked together: the "hour" counts from the first item's arrival, so the three reach the workflow as
  // close together as the machine lets them (on a loaded one each event takes seconds to arrive)
  const ids = await Promise.all(texts.map((text, i) => ask(shop, text, `192.0.2.3${i + 1}`)));

  // all three wait for the digest, and nothing has been mailed yet (a bound for a hang: events are slow under load)
  await eventually(async () => (await handle.query(digestWaitingQuery)).length === 3, 60_000);
  expect((await handle.query(digestWaitingQuery)).map((i) => i.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  expect(merchantMail(shop)).toEqual([]);

  const [digest] = await eventually(async () => merchantMail(shop).length > 0 && merchantMail(shop), 90_000);
  expect(digest.subject).toMatch(/^Questions and answers: 3 new on /);
  const html = mailHtml(digest.file);
  expect(html).toContain('Is the mug safe in the dishwasher?');
  expect(html).toContain('Does it &lt;b&gt;keep&lt;/b&gt; tea hot?');
  expect(html).toContain('How tall is it?');
  for (const id of ids) expect(html).toContain(`/questions/${id}`);
  await eventually(async () => (await handle.query(digestWaitingQuery)).length === 0);

  // once the digest is stamped sent, the activity run again with the same items (a retry) mails nothing
  const tenant = stack.api.runtime.services.tenant(shop.shop.id, shop.domain);
  await eventually(async () => !!(await tenant.table('question_digests').whereNotNull('sentAt').first()));
  const activities = createActivities(stack.api.runtime.services as never);
  expect(await activities.questionsSendDigest(shop.shop.id, { questions: ids, answers: [] })).toBe(0);
  expect(merchantMail(shop)).toHaveLength(1);
  await handle.terminate('test done');
});

test('hourly: a community answer joins the digest; "send now" delivers it before the hour', async () => {
  const shop = await shopWithProducts(stack);
  await hourly(shop);
  const id = await ask(shop, 'Is it microwave safe?', '192.0.2.41');
  // the first event starts the shop's digest workflow itself (the real hour)
  const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(digestWorkflowId(shop.domain));
  await eventually(async () => (await handle.query(digestWaitingQuery).catch(() => [])).length === 1, 60_000);
  await communityAnswer(stack, shop, id, 'Yes, mine has been in the microwave for a year.');
  await eventually(async () => (await handle.query(digestWaitingQuery)).length === 2, 60_000);
  expect(merchantMail(shop)).toEqual([]);

  await handle.signal(sendDigestNowSignal);
  const [digest] = await eventually(async () => merchantMail(shop).length > 0 && merchantMail(shop), 30_000);
  expect(digest.subject).toMatch(/^Questions and answers: 2 new on /);
  const html = mailHtml(digest.file);
  expect(html).toContain('Is it microwave safe?');
  expect(html).toContain('Yes, mine has been in the microwave for a year.');
  expect(html).toContain('New answers from customers');
  await eventually(async () => (await handle.query(digestWaitingQuery)).length === 0);
  expect(merchantMail(shop)).toHaveLength(1);
  await handle.terminate('test done');
});

test('at once (the default): one mail per question, no digest workflow', async () => {
  const shop = await shopWithProducts(stack);
  expect((await shop.http.get('/api/questions/settings')).body.data.notifyEvery).toBe('immediately');
  const texts = ['Is it heavy?', 'Is it blue?', 'Is it large?'];
  for (const [i, text] of texts.entries()) await ask(shop, text, `192.0.2.5${i}`);
  const mails = await eventually(async () => merchantMail(shop).length === 3 && merchantMail(shop), 30_000);
  expect(mails.map((m) => m.subject)).toEqual(texts.map(() => `New question about ${shop.products[0].title}`));
  expect(
    mails
      .map((m) => mailHtml(m.file))
      .map((html) => texts.find((t) => html.includes(t)))
      .sort(),
  ).toEqual([...texts].sort());
  await expect(stack.api.runtime.services.temporal.client.workflow.getHandle(digestWorkflowId(shop.domain)).describe()).rejects.toThrow();
});

test('the setting takes immediately or hourly only', async () => {
  const shop = await shopWithProducts(stack);
  const bad = await shop.http.put('/api/questions/settings', { notifyEvery: 'weekly' });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual({ notifyEvery: 'The value is invalid' });
});
