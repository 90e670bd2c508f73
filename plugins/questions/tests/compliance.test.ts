// customers/data_request lists a customer's questions; customers/redact anonymises them (the text
// stays for the product page, the name and address go), twice without harm, and no one else's.
import { startPlatformStack } from '@plaudit/kernel/testing';
import { createPlatformHooks } from '../activities';
import { json, question, shopWithProducts, signedProxy, type Stack } from './helpers';

jest.setTimeout(90_000);
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

test("export lists the customer's questions; redaction anonymises them and only them", async () => {
  const shop = await shopWithProducts(stack);
  const ask = async (fields: Record<string, string>, ip: string) =>
    (await (await signedProxy(stack, shop.domain, 'questions', { ...json(question(shop.products[0].id, fields)), ip })).json()).data.id as number;
  const kims = await ask({ name: 'Kim Park', email: 'Kim@Example.com', question: 'Kept text?' }, '192.0.2.201');
  const others = await ask({ name: 'Lee Other', email: 'lee@example.com', question: 'Mine stays?' }, '192.0.2.202');
  await shop.http.put(`/api/questions/${kims}/answer`, { body: 'Yes.' });

  const hooks = createPlatformHooks(stack.api.runtime.services as never);
  const ref = { shopId: shop.shop.id, shopDomain: shop.domain, customer: { email: 'kim@example.com' } };
  const exported = await hooks.exportCustomer!(ref);
  expect(exported.questions).toEqual([expect.objectContaining({ id: kims, body: 'Kept text?', askerName: 'Kim Park', askerEmail: 'Kim@Example.com' })]);
  await hooks.redactCustomer!(ref);
  await hooks.redactCustomer!(ref);

  expect((await shop.http.get(`/api/questions/${kims}`)).body).toMatchObject({
    askerName: 'Anonymous',
    askerEmail: null,
    body: 'Kept text?',
    status: 'published',
  });
  expect((await shop.http.get(`/api/questions/${others}`)).body).toMatchObject({ askerName: 'Lee Other', askerEmail: 'lee@example.com' });
  const block = await (await signedProxy(stack, shop.domain, 'questions/block', { query: { product_id: shop.products[0].id } })).text();
  expect(block).toContain('Anonymous');
  expect(block).not.toContain('Kim Park');
  // another shop's customer of the same address is not this shop's
  const other = await shopWithProducts(stack);
  expect((await hooks.exportCustomer!({ ...ref, shopId: other.shop.id, shopDomain: other.domain })).questions).toEqual([]);
});
