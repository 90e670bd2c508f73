// Negative reviews reach the shop at once; the others arrive as one digest, at most once per
// interval (an hour; 30 s here, given to the workflow as input). New reviews reach the
// workflow through the durable ReviewCreated listener (activities/index.ts createEventHandlers).
import { client, createShop, eventually, startTestApi, type TestApi, listMail } from '@plaudit/kernel/testing';
import { digestPendingQuery, notificationsWorkflowId } from '../workflows/messages';
import { ReviewNotifications } from '../shared/workflows';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const mailTo = (email: string) => listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email));

test('a negative review is mailed at once, the others in one digest', async () => {
  const email = `owner-${Date.now()}@example.com`;
  const { shop, token } = await createShop(api, { email });
  const { temporal, config } = api.runtime.services;
  const handle = await temporal.start(ReviewNotifications, {
    workflowId: notificationsWorkflowId(shop.shopifyDomain),
    taskQueue: config.temporal.taskQueue,
    // the digest's interval is wall time from here: long enough for the three reviews and their deliveries
    // on a busy machine (the first digest must find both positive ones held), short enough for a test
    args: [{ shopId: shop.id, shopDomain: shop.shopifyDomain, digestEveryMs: 30_000, lastDigestAt: Date.now() }],
  });
  const http = client(api.url, token);
  const review = async (rating: number, content: string) =>
    (await http.post('/api/reviews', { kind: 'store', rating, content, firstName: 'Ann', status: 'published' })).body.id as number;

  await review(2, 'The parcel arrived <b>broken</b>.');
  const [negative] = await eventually(async () => (mailTo(email).length ? mailTo(email) : undefined));
  expect(negative.subject).toMatch(/negative review/i);

  const ids = [await review(5, 'Lovely'), await review(5, 'Great')];
  // Both are held for the digest (the workflow says so), and only the negative one has been mailed.
  await eventually(async () => (await handle.query(digestPendingQuery)).length === 2, 30_000);
  expect((await handle.query(digestPendingQuery)).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
  expect(mailTo(email)).toHaveLength(1);
  const digest = await eventually(async () => mailTo(email).find((m) => /2 new reviews/.test(m.subject ?? '')), 60_000);
  expect(digest).toBeDefined();
  expect(mailTo(email)).toHaveLength(2);
  await eventually(async () => (await handle.query(digestPendingQuery)).length === 0);
}, 90_000);
