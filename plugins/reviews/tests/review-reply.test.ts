// The review-reply email end to end on the real worker and SMTP sink: a saved reply mails the
// reviewer (escaped, one Message-ID per reply, the kernel's layout), the shop's own template from the
// kernel's template registry is what the customer receives, a review without email or a switched-off
// template sends nothing while the reply is still saved, and the worker re-checks at send time.
import { type EmailTemplate } from '@plaudit/kernel';
import { eventually, startTestApi, type TestApi, listMail } from '@plaudit/kernel/testing';
import { replyEmailWorkflowId } from '../api/reply-email';
import { ReviewsReplyEmail } from '../shared/workflows';
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

/** Nothing recorded for this workflow: not waiting in the kernel outbox, not handed to Temporal. */
async function expectNotRecorded(id: string) {
  expect(await api.knex('workflow_outbox').where({ workflowId: id }).first()).toBeUndefined();
  await expectNoWorkflow(id);
}

/** Saves the shop's reviewReply template the way the editor does: validated, stored in the kernel's registry. */
async function editReplyTemplate(shopId: number, patch: Partial<EmailTemplate>) {
  const { templates } = api.runtime.services.mail;
  const current = await templates.get(shopId, 'reviews.reviewReply', 'en');
  await templates.save(shopId, 'reviews.reviewReply', await templates.validate('reviews.reviewReply', current, patch), 'en');
}

const XSS = '<img src=x onerror=alert(1)>Thanks!';

test('a reply mails the reviewer the default template, with the reply escaped', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const email = `rita-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, {
    email,
    firstName: 'Rita',
    rating: 4,
    content: 'Solid <b>kettle</b>',
    productTitle: 'Steel kettle',
    productHandle: 'steel-kettle',
  });

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

test("the shop's own edited reply template is what the customer receives", async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const email = `otto-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, { email, firstName: 'Otto', lastName: 'Berg', rating: 5, content: 'Great pan', productTitle: 'Iron pan' });
  await editReplyTemplate(shop.id, {
    subject: 'Custom {{ customer_first_name }} re {{ product_title }}',
    content: '<p>Dear {{ customer_name }}, about your {{ review_rating }} stars: {{ reply_content }}</p>',
    buttonText: 'Read our answer',
    buttonColor: '#123456',
  });

  expect((await http.post(`/api/reviews/${r.id}/reply`, { content: 'Enjoy <it>!' })).status).toBe(200);
  expect(await workflow(replyEmailWorkflowId(shop.shopifyDomain, r.id, await repliedAtOf(r.id))).result()).toBe('sent');
  const [mail] = await eventually(async () => (mailsOf(shop.shopifyDomain).length ? mailsOf(shop.shopifyDomain) : undefined), 30_000);
  expect(mail.envelopeTo).toEqual([email]);
  expect(mail.subject).toBe('Custom Otto re Iron pan');
  const body = mailBody(mail.file);
  expect(body).toContain('Dear Otto Berg, about your 5 stars: Enjoy &lt;it&gt;!');
  expect(body).toContain('Read our answer');
  expect(body.toLowerCase()).toContain('#123456');
  expect(body).not.toContain('replied to your 5-star review'); // the default text is not used
});

test('a switched-off reply template sends nothing: not recorded with the reply, skipped at send time', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1, { email: `quiet-${Date.now()}@example.com` });
  await editReplyTemplate(shop.id, { enabled: false });

  const res = await http.post(`/api/reviews/${r.id}/reply`, { content: 'Not mailed' });
  expect(res.status).toBe(200);
  expect((await api.knex('reviews').where({ id: r.id }).first()).replyContent).toBe('Not mailed');
  const repliedAt = await repliedAtOf(r.id);
  await expectNotRecorded(replyEmailWorkflowId(shop.shopifyDomain, r.id, repliedAt));

  // the worker checks again: the same current reply is skipped while off and sent once on again
  const input = { shopId: shop.id, shopDomain: shop.shopifyDomain, reviewId: r.id, repliedAt };
  const { temporal, config } = api.runtime.services;
  const run = (suffix: string) =>
    temporal.execute(ReviewsReplyEmail, {
      workflowId: `${replyEmailWorkflowId(shop.shopifyDomain, r.id, repliedAt)}:${suffix}`,
      taskQueue: config.temporal.taskQueue,
      args: [input],
    });
  expect(await run('off')).toBe('skipped');
  await editReplyTemplate(shop.id, { enabled: true });
  expect(await run('on')).toBe('sent');
  const mails = await eventually(async () => (mailsOf(shop.shopifyDomain).length ? mailsOf(shop.shopifyDomain) : undefined), 30_000);
  expect(mails).toHaveLength(1);
});

test('the worker re-checks at send time: a reply deleted since sends nothing', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1, { email: `late-${Date.now()}@example.com` });
  await http.post(`/api/reviews/${r.id}/reply`, { content: 'First' });
  const first = await repliedAtOf(r.id);
  expect(await workflow(replyEmailWorkflowId(shop.shopifyDomain, r.id, first)).result()).toBe('sent');
  await eventually(async () => mailsOf(shop.shopifyDomain).length === 1, 30_000);

  // an older reply's workflow after the reply was deleted: skipped
  const input = { shopId: shop.id, shopDomain: shop.shopifyDomain, reviewId: r.id, repliedAt: first };
  const { temporal, config } = api.runtime.services;
  expect((await http.delete(`/api/reviews/${r.id}/reply`)).status).toBe(200);
  const stale = await temporal.execute(ReviewsReplyEmail, {
    workflowId: `${replyEmailWorkflowId(shop.shopifyDomain, r.id, first)}:stale`,
    taskQueue: config.temporal.taskQueue,
    args: [input],
  });
  expect(stale).toBe('skipped');
  expect(mailsOf(shop.shopifyDomain)).toHaveLength(1);
});
