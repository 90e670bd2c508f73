// Temporal unreachable (an API pointed at a port where nothing listens): a review reply saved
// meanwhile is recorded and mailed once an API on the real Temporal sweeps the outbox, exactly once.
// Then the reply race: eight concurrent replies to one review answer 200 and the customer gets one
// email, with the final reply. (Routes that signal or query workflows: tests/reliability/temporal-down.test.ts.)
import { client, createShop, eventually, freePort, listMail, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { replyEmailWorkflowId } from '../api/reply-email';
import { ReviewsReplyEmail } from '../shared/workflows';
import { mailBody } from './helpers';

let down: TestApi;
let up: TestApi;
// two APIs start here, one of them retrying a dead Temporal: on a loaded 2-core machine that took over a minute
beforeAll(async () => {
  // Nothing listens (refused at once), not downPort(): with a port that resets every connection,
  // this file ran past its 150 s budget under a loaded full run (2 December) though it passed in
  // 16 s alone; the cause is not pinned down, so it keeps the refused port that was green before.
  down = await startTestApi({ TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}` });
  up = await startTestApi();
}, 150_000);
afterAll(async () => {
  await down.close();
  await up.close();
});

const mailsOf = (shopDomain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === shopDomain);
const workflow = (id: string) => up.runtime.services.temporal.client.workflow.getHandle(id);

async function proShop(api: TestApi) {
  const s = await createShop(api, { plan: 'pro' });
  return { ...s, http: client(api.url, s.token) };
}

async function review(api: TestApi, shopId: number, email: string) {
  const [row] = await api
    .knex('reviews')
    .insert({
      shopId,
      kind: 'product',
      productId: 'gid://shopify/Product/5',
      rating: 5,
      content: 'Lovely',
      firstName: 'Rae',
      email,
      source: 'customer',
      status: 'published',
    })
    .returning('*');
  return row as { id: number };
}

test('a reply saved while Temporal is unreachable is mailed once Temporal is back, exactly once', async () => {
  const { shop, http } = await proShop(down);
  const email = `late-${Date.now()}@example.com`;
  const r = await review(down, shop.id, email);
  const started = Date.now();
  const res = await http.post(`/api/reviews/${r.id}/reply`, { content: 'Thanks, Rae!' });
  console.log(`Temporal unreachable: reply saved in ${Date.now() - started} ms`);
  expect(res.status).toBe(200);
  const repliedAt = new Date(res.body.data.repliedAt).getTime();
  const workflowId = replyEmailWorkflowId(shop.shopifyDomain, r.id, repliedAt);
  // Recorded in the outbox; unless the run's worker, whose outbox-sweep schedule reads the same
  // database, has already handed it to the real Temporal (CI saw that once): then the workflow exists.
  const recorded = await down.knex('workflow_outbox').where({ workflowId }).first();
  if (recorded) expect(recorded).toMatchObject({ workflowType: ReviewsReplyEmail.type });
  else expect((await workflow(workflowId).describe()).type).toBe('reviewsReplyEmail');

  // An API on the real Temporal re-drives the recorded start (what its start-up and the schedule do).
  await eventually(
    async () => {
      await up.runtime.services.outbox.sweep();
      return !(await up.knex('workflow_outbox').where({ workflowId }).first());
    },
    30_000,
    500,
  );
  expect(await workflow(workflowId).result()).toBe('sent');
  const mails = await eventually(async () => (mailsOf(shop.shopifyDomain).length ? mailsOf(shop.shopifyDomain) : undefined), 30_000);
  expect(mails).toHaveLength(1);
  expect(mails[0].envelopeTo).toEqual([email]);
  // its waits add up to over a minute when the run's shared worker is busy (seen in CI at 60 s)
}, 150_000);

test('the reply race: eight concurrent replies to one review answer 200 and mail the final reply once', async () => {
  const { shop, http } = await proShop(up);
  const r = await review(up, shop.id, `race-${Date.now()}@example.com`);
  const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => http.post(`/api/reviews/${r.id}/reply`, { content: `Reply number ${i}` })));
  expect(replies.map((x) => x.status)).toEqual(Array(8).fill(200));

  const ids = [...new Set(replies.map((x) => replyEmailWorkflowId(shop.shopifyDomain, r.id, new Date(x.body.data.repliedAt).getTime())))];
  const verdicts = await Promise.all(ids.map((id) => workflow(id).result()));
  console.log(`reply race: ${replies.length} replies, ${ids.length} workflows, verdicts ${verdicts.join(',')}`);
  expect(verdicts.filter((v) => v === 'sent')).toHaveLength(1);
  const final = (await up.knex('reviews').where({ id: r.id }).first()).replyContent;
  const [mail] = await eventually(async () => (mailsOf(shop.shopifyDomain).length ? mailsOf(shop.shopifyDomain) : undefined), 30_000);
  expect(mailsOf(shop.shopifyDomain)).toHaveLength(1);
  expect(mailBody(mail.file)).toContain(final);
});
