// The merchant is mailed when an invited buyer answers through the community answer page (at once by
// default; the hourly digest is digest.test.ts), once: a retried delivery of the event and a second
// post of the page mail nobody again. Real stack and SMTP sink.
import { eventually, startPlatformStack } from '@plaudit/kernel/testing';
import { QuestionCommunityAnswer } from '@plaudit/contracts/questions';
import { createEventHandlers } from '../activities';
import { AnswerRow } from '../db/models';
import { json, mailHtml, mailTo, question, shopWithProducts, signedProxy, type Shop, type Stack } from './helpers';
import { answerForm, communityAnswer } from './digest-helpers';

jest.setTimeout(90_000);
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const answerMail = (shop: Shop) => mailTo(shop.shop.email!).filter((m) => /^New answer from a customer/.test(m.subject ?? ''));

test('a community answer mails the merchant once, in the admin language, escaped, with a link to moderate it', async () => {
  const shop = await shopWithProducts(stack);
  const product = shop.products[0];
  const res = await signedProxy(stack, shop.domain, 'questions', { ...json(question(product.id, { question: 'Does the lid seal?' })), ip: '192.0.2.61' });
  const id = (await res.json()).data.id as number;
  const link = await communityAnswer(stack, shop, id, 'Yes <b>tightly</b>, no leaks so far.');

  const [mail] = await eventually(async () => answerMail(shop).length > 0 && answerMail(shop), 30_000);
  expect(mail.subject).toBe(`New answer from a customer about ${product.title}`);
  const html = mailHtml(mail.file);
  expect(html).toContain('Bea Buyer answered a question about');
  expect(html).toContain('Does the lid seal?');
  expect(html).toContain('Yes &lt;b&gt;tightly&lt;/b&gt;, no leaks so far.');
  expect(html).toContain(`/questions/${id}`);
  const answer = (await shop.http.get(`/api/questions/${id}`)).body.answers.find((a: { author: string }) => a.author === 'community');
  expect(answer).toMatchObject({ status: 'pending' });

  // once the delivery has stamped the answer, a retried delivery and the page posted again mail nobody
  const tenant = stack.api.runtime.services.tenant(shop.shop.id, shop.domain);
  await eventually(async () => !!(await tenant.query(AnswerRow).findById(answer.id))?.merchantNotifiedAt);
  const handlers = createEventHandlers(stack.api.runtime.services as never);
  await handlers.handle(QuestionCommunityAnswer, { shopId: shop.shop.id, shopDomain: shop.domain, questionId: id, answerId: answer.id });
  expect(await (await fetch(link, answerForm({ name: 'Bea', answer: 'Again' }))).text()).toContain('already answered');
  // the question's own mail arrives as well (at once); then exactly one about the answer
  await eventually(async () => mailTo(shop.shop.email!).length === 2, 30_000);
  expect(answerMail(shop)).toHaveLength(1);
});

test('switched off, a community answer mails nobody', async () => {
  const shop = await shopWithProducts(stack);
  await shop.http.put('/api/questions/settings', { notifyMerchant: false });
  const res = await signedProxy(stack, shop.domain, 'questions', { ...json(question(shop.products[0].id)), ip: '192.0.2.62' });
  const id = (await res.json()).data.id as number;
  await communityAnswer(stack, shop, id, 'It does.');
  // the event's handler, run here as the worker runs it, sends nothing
  const handlers = createEventHandlers(stack.api.runtime.services as never);
  const answer = (await shop.http.get(`/api/questions/${id}`)).body.answers[0];
  await handlers.handle(QuestionCommunityAnswer, { shopId: shop.shop.id, shopDomain: shop.domain, questionId: id, answerId: answer.id });
  expect(mailTo(shop.shop.email!)).toEqual([]);
});
