// Negative reviews reach the shop at once; the others arrive as one digest, at most once per
// interval (an hour; two seconds here, given to the workflow as input).
import { listMail } from '../../../api/runtime/smtp-sink';
import { client, createShop, eventually, startTestApi, type TestApi } from '../../../tests/support/api';
import { notificationsWorkflowId } from '../api/notifications';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const mailTo = (email: string) => listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email));

test('a negative review is mailed at once, the others in one digest', async () => {
  const email = `owner-${Date.now()}@example.com`;
  const { shop, token } = await createShop(api, { email });
  await api.runtime.services.temporal.client.workflow.start('reviewNotifications', {
    workflowId: notificationsWorkflowId(shop.shopifyDomain),
    taskQueue: api.config.temporal.taskQueue,
    args: [{ shopId: shop.id, shopDomain: shop.shopifyDomain, digestEveryMs: 2000, lastDigestAt: Date.now() }],
  });
  const http = client(api.url, token);
  const review = (rating: number, content: string) => http.post('/api/reviews', { kind: 'store', rating, content, firstName: 'Ann', status: 'published' });

  await review(2, 'The parcel arrived <b>broken</b>.');
  const [negative] = await eventually(async () => (mailTo(email).length ? mailTo(email) : undefined));
  expect(negative.subject).toMatch(/negative review/i);

  await review(5, 'Lovely');
  await review(5, 'Great');
  await new Promise((r) => setTimeout(r, 500));
  expect(mailTo(email)).toHaveLength(1); // the digest waits for its time
  const digest = await eventually(async () => mailTo(email).find((m) => /2 new reviews/.test(m.subject ?? '')), 20_000);
  expect(digest).toBeDefined();
  expect(mailTo(email)).toHaveLength(2);
});
