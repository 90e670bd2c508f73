// The review-reply email end to end on the real worker and SMTP sink: a saved reply mails the
// reviewer (escaped, one Message-ID per reply), a review without email or a switched-off template
// sends nothing while the reply is still saved, and the worker re-checks the template at send time.
import { listMail } from '../../../api/runtime/smtp-sink';
import { eventually, startTestApi, type TestApi } from '../../../tests/support/api';
import { replyEmailWorkflowId } from '../api/reply-email';
import { insertReviews, mailBody, shopOn } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const mailsOf = (shopDomain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === shopDomain);
const workflow = (id: string) => api.runtime.services.temporal.client.workflow.getHandle(id);
const repliedAtOf = async (id: number) => new Date((await api.knex('reviews').where({ id }).first()).repliedAt).getTime();

/** The workflow must not exist: describe() rejects with "not found". */
async function expectNoWorkflow(id: string) {
  await expect(workflow(id).describe()).rejects.toThrow(/not found/i);
}

const XSS = '<img src=x onerror=alert(1)>Thanks!';

test('a reply mails the reviewer the default template, with the reply escaped', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const email = `rita-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, { email, firstName: 'Rita', rating: 4, content: 'Solid <b>kettle</b>', productTitle: 'Steel kettle', productHandle: 'steel-kettle' });

  const res = await http.post(`/api/reviews/${r.id}/reply`, { content: XSS });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, data: { replyContent: XSS } });

  const repliedAt = await repliedAtOf(r.id);
  const wfId = replyEmailWorkflowId(shop.shopifyDomain, r.id, repliedAt);
  expect(await workflow(wfId).result()).toBe('sent');
  const [mail] = await eventually(async () => (mailsOf(shop.shopifyDomain).length ? mailsOf(shop.shopifyDomain) : undefined), 30_000);
  expect(mail.envelopeTo).toEqual([email]);
  expect(mail.subject).toBe(`${shop.name} replied to your review`);
  expect(mail.messageId).toMatch(new RegExp(`^<review-reply-${r.id}-${repliedAt}@`));

  const body = mailBody(mail.file);
  expect(body).toContain('Hi Rita,');
  expect(body).toContain('4-star review of Steel kettle');
  expect(body).toContain('Solid &lt;b&gt;kettle&lt;/b&gt;');
  expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;Thanks!');
  expect(body).not.toContain('<img');
  expect(body).not.toContain('<b>kettle');
  expect(body).toContain(`href="https://${shop.shopifyDomain}/products/steel-kettle"`);
  expect(body).toContain('See the review');
});

test('a review without email: the reply is saved, nothing is sent', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1, { email: null });
  const res = await http.post(`/api/reviews/${r.id}/reply`, { content: 'Thank you!' });
  expect(res.status).toBe(200);
  const row = await api.knex('reviews').where({ id: r.id }).first();
  expect(row.replyContent).toBe('Thank you!');
  expect(row.repliedAt).not.toBeNull();
  await expectNoWorkflow(replyEmailWorkflowId(shop.shopifyDomain, r.id, await repliedAtOf(r.id)));
  expect(mailsOf(shop.shopifyDomain)).toHaveLength(0);
});

test("a switched-off template sends nothing; the shop's own template is used when on", async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const off = `off-${Date.now()}@example.com`;
  const on = `on-${Date.now()}@example.com`;
  const [quiet, loud] = await Promise.all([
    insertReviews(api, shop.id, 1, { email: off }).then((x) => x[0]),
    insertReviews(api, shop.id, 1, { email: on, firstName: 'Otto' }).then((x) => x[0]),
  ]);
  await api.knex('settings').insert({ shopId: shop.id, namespace: 'email-templates', value: JSON.stringify({ reviewReply: { enabled: false, subject: 'Custom {{ customer_first_name }}' } }) });

  const res = await http.post(`/api/reviews/${quiet.id}/reply`, { content: 'Not mailed' });
  expect(res.status).toBe(200);
  expect((await api.knex('reviews').where({ id: quiet.id }).first()).replyContent).toBe('Not mailed');
  await expectNoWorkflow(replyEmailWorkflowId(shop.shopifyDomain, quiet.id, await repliedAtOf(quiet.id)));

  // switched back on, the shop's subject (field by field over the defaults) is used
  await api.knex('settings').where({ shopId: shop.id, namespace: 'email-templates' }).update({ value: JSON.stringify({ reviewReply: { enabled: true, subject: 'Custom {{ customer_first_name }}' } }) });
  await http.post(`/api/reviews/${loud.id}/reply`, { content: 'Mailed' });
  expect(await workflow(replyEmailWorkflowId(shop.shopifyDomain, loud.id, await repliedAtOf(loud.id))).result()).toBe('sent');
  const mails = await eventually(async () => (mailsOf(shop.shopifyDomain).length ? mailsOf(shop.shopifyDomain) : undefined), 30_000);
  expect(mails.map((m) => m.envelopeTo[0])).toEqual([on]);
  expect(mails[0].subject).toBe('Custom Otto');
});

test('the worker re-checks at send time: a template switched off, or a reply replaced, sends nothing', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1, { email: `late-${Date.now()}@example.com` });
  await http.post(`/api/reviews/${r.id}/reply`, { content: 'First' });
  const first = await repliedAtOf(r.id);
  expect(await workflow(replyEmailWorkflowId(shop.shopifyDomain, r.id, first)).result()).toBe('sent');
  await eventually(async () => mailsOf(shop.shopifyDomain).length === 1, 30_000);

  // the same workflow input again, now that the template is off: the activity skips it
  await api.knex('settings').insert({ shopId: shop.id, namespace: 'email-templates', value: JSON.stringify({ reviewReply: { enabled: false } }) });
  const input = { shopId: shop.id, shopDomain: shop.shopifyDomain, reviewId: r.id, repliedAt: first };
  const { temporal, config } = api.runtime.services;
  const again = await temporal.client.workflow.execute('reviewsReplyEmail', { workflowId: `${replyEmailWorkflowId(shop.shopifyDomain, r.id, first)}:again`, taskQueue: config.temporal.taskQueue, args: [input] });
  expect(again).toBe('skipped');

  // an older reply's workflow after the reply was deleted: skipped as well
  await api.knex('settings').where({ shopId: shop.id, namespace: 'email-templates' }).del();
  expect((await http.delete(`/api/reviews/${r.id}/reply`)).status).toBe(200);
  const stale = await temporal.client.workflow.execute('reviewsReplyEmail', { workflowId: `${replyEmailWorkflowId(shop.shopifyDomain, r.id, first)}:stale`, taskQueue: config.temporal.taskQueue, args: [input] });
  expect(stale).toBe('skipped');
  expect(mailsOf(shop.shopifyDomain)).toHaveLength(1);
});
