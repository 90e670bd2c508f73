// "Ask the community" on the real stack: orders placed and fulfilled in the store emulator make
// verified buyers in review requests (capability RequestBuyers); one of them unsubscribes
// through review requests' own link and is left out, the asker is never invited, an invite twice
// mails nobody twice; the signed link opens the answer page, the answer waits in moderation and,
// published, mails the asker; links that are not genuine are refused with a page; what buyers
// write stays text; another shop's question is a 404.
import fs from 'node:fs';
import path from 'node:path';
import { eventually, mailDir, parseHeaders, startPlatformStack, storeSettingsRaw } from '@plaudit/kernel/testing';
import { RequestBuyers } from '@plaudit/contracts/review-requests';
import { QuestionInvited } from '@plaudit/contracts/questions';
import { createEventHandlers } from '../activities';
import { json, mailHtml, mailTo, question, shopWithProducts, signedProxy, type Shop, type Stack } from './helpers';

jest.setTimeout(180_000);
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const XSS = '<script>alert("x")</script><img src=x onerror=alert(1)> Fits true to size.';
/** The shared test worker mails another origin: keep the link's path, use this test's API. */
const here = (url: string) => stack.appUrl + url.replace(/^https?:\/\/[^/]+/, '');
const answerLink = (html: string) => here(/https?:\/\/[^"\s]+\/qa\/answer\/[\w-]+\.[\w-]+/.exec(html)![0]);
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/**
 * A fulfilled order of the product for each email, in turn; answers once review requests counts them
 * verified buyers. Each waits for the one before, so "the latest purchase first" follows the list
 * (the webhooks are handled concurrently, and review requests orders by when it recorded the order).
 */
async function buyersOf(shop: Shop, product: { id: string; handle: string }, emails: string[]) {
  const tenant = stack.api.runtime.services.tenant(shop.shop.id, shop.domain);
  const buyers = stack.api.runtime.services.capabilities.require(RequestBuyers);
  for (const [i, customerEmail] of emails.entries()) {
    await stack.control('/orders', { shop: shop.domain, fulfill: true, customerEmail, productHandles: [product.handle] });
    await eventually(async () => (await buyers.verifiedBuyers(tenant, product.id, 100, [])).length === i + 1, 60_000);
  }
}

test('invites verified buyers once, never the unsubscribed nor the asker; the answer is moderated, escaped, and mails the asker', async () => {
  const shop = await shopWithProducts(stack);
  // requests wait an hour: the only mails in this test are the invitations and the answer
  await storeSettingsRaw(stack.api, shop.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 3600,
    timeUnit: 'second',
    reminders: 0,
  });
  const product = shop.products[0];
  const stamp = Date.now();
  const [ann, ben, cat, asker] = ['ann', 'ben', 'cat', 'asker'].map((n) => `${n}-${stamp}@example.com`);
  await buyersOf(shop, product, [ann, ben, cat, asker]);

  // cat unsubscribes through review requests' own link
  const tenant = stack.api.runtime.services.tenant(shop.shop.id, shop.domain);
  const buyers = stack.api.runtime.services.capabilities.require(RequestBuyers);
  const unsubscribed = await fetch(here((await buyers.unsubscribeUrl(tenant, cat))!));
  expect(unsubscribed.status).toBe(200);
  // the capability's contract: unsubscribed and excluded buyers left out, the latest purchase first
  const found = await buyers.verifiedBuyers(tenant, product.id, 5, [asker.toUpperCase()]);
  expect(found).toEqual(
    [ben, ann].map((email) => ({ email, name: expect.any(String), locale: expect.any(String), customerId: expect.stringMatching(/^\d+$/) })),
  );
  expect(await buyers.verifiedBuyers(tenant, product.id, 1, [])).toHaveLength(1);

  const asked = question(product.id, { email: asker, question: 'Does it run small?' });
  const res = await signedProxy(stack, shop.domain, 'questions', { ...json(asked), ip: '192.0.2.77' });
  const id = (await res.json()).data.id as number;
  expect((await shop.http.get(`/api/questions/${id}/community`)).body).toEqual({ available: true, perInvite: 5, invitations: [] });

  const invite = await shop.http.post(`/api/questions/${id}/community/invite`, {});
  expect(invite.status).toBe(200);
  expect(invite.body.invited).toBe(2);
  expect(invite.body.community.invitations.map((i: { email: string }) => i.email).sort()).toEqual([ann, ben].sort());

  const [annMail] = await eventually(async () => mailTo(ann).length > 0 && mailTo(ann));
  await eventually(async () => mailTo(ben).length > 0);
  const raw = fs.readFileSync(path.join(mailDir(process.env.DATA_DIR!), annMail.file), 'utf8');
  expect(parseHeaders(raw)['list-unsubscribe'].replace(/\s+/g, '')).toMatch(/^<https?:\/\/[^>]+\/r\/unsubscribe\/[^>]+>$/);
  const html = mailHtml(annMail.file);
  expect(annMail.subject).toBe(`Can you help with a question about ${product.title}?`);
  expect(html).toContain('Does it run small?');
  expect(html).toMatch(/\/r\/unsubscribe\//);
  await eventually(async () => (await shop.http.get(`/api/questions/${id}/community`)).body.invitations.every((i: { status: string }) => i.status === 'sent'));

  // a retried delivery of an invitation's event (at least once) mails nobody again
  const handlers = createEventHandlers(stack.api.runtime.services as never);
  for (const i of invite.body.community.invitations)
    await handlers.handle(QuestionInvited, { shopId: shop.shop.id, shopDomain: shop.domain, questionId: id, invitationId: i.id });
  expect([mailTo(ann).length, mailTo(ben).length]).toEqual([1, 1]);

  // a second invite finds nobody new: no second mail to the same buyers
  const again = await shop.http.post(`/api/questions/${id}/community/invite`, {});
  expect(again.body.invited).toBe(0);
  expect(again.body.community.invitations).toHaveLength(2);

  // the signed link opens the answer page; the answer waits for the merchant
  const link = answerLink(html);
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Does it run small?');
  expect((await fetch(link, form({ name: 'Ann', answer: '' }))).status).toBe(400);
  const sent = await fetch(link, form({ name: 'Ann <b>B</b>', answer: XSS, website: '' }));
  expect(sent.status).toBe(200);
  expect(await sent.text()).toContain('Your answer was sent');
  expect(await (await fetch(link, form({ name: 'Ann', answer: 'Twice?' }))).text()).toContain('already answered');

  const pending = (await shop.http.get(`/api/questions/${id}`)).body;
  const answer = pending.answers.find((a: { author: string }) => a.author === 'community');
  expect(answer).toMatchObject({ body: XSS, authorName: 'Ann <b>B</b>', status: 'pending' });
  const unanswered = await shop.http.get(`/api/questions?limit=100&filter=${encodeURIComponent(JSON.stringify({ tab: 'unanswered' }))}`);
  expect(unanswered.body.items.map((q: { id: number }) => q.id)).toContain(id);
  expect((await shop.http.get(`/api/questions/${id}/community`)).body.invitations.find((i: { email: string }) => i.email === ann).status).toBe('answered');

  // published, it mails the asker, and everything the buyer wrote stays text
  await shop.http.post('/api/questions/bulk/publish', { ids: [id] });
  expect((await shop.http.put(`/api/questions/${id}/answers/${answer.id}`, { status: 'published' })).status).toBe(200);
  const [askerMail] = await eventually(async () => mailTo(asker).length > 0 && mailTo(asker));
  const askerHtml = mailHtml(askerMail.file);
  expect(askerHtml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  expect(askerHtml).not.toContain('<script>alert');
  const block = await (await signedProxy(stack, shop.domain, 'questions/block', { query: { product_id: product.id.split('/').pop()! } })).text();
  expect(block).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(block).not.toContain('<img src=x');
  expect(block).toContain('Ann &lt;b&gt;B&lt;/b&gt;');

  // nobody was mailed twice; the unsubscribed buyer and the asker were never invited
  expect([mailTo(ann).length, mailTo(ben).length, mailTo(cat).length, mailTo(asker).length]).toEqual([1, 1, 0, 1]);
});

test("links not genuine or expired get a clear page; another shop's question is a 404", async () => {
  const shop = await shopWithProducts(stack);
  const product = shop.products[1];
  const email = `dee-${Date.now()}@example.com`;
  await buyersOf(shop, product, [email]);
  const res = await signedProxy(stack, shop.domain, 'questions', { ...json(question(product.id)), ip: '192.0.2.78' });
  const id = (await res.json()).data.id as number;

  const other = await shopWithProducts(stack);
  expect((await other.http.post(`/api/questions/${id}/community/invite`, {})).status).toBe(404);
  expect((await other.http.get(`/api/questions/${id}/community`)).status).toBe(404);
  expect((await shop.http.post('/api/questions/abc/community/invite', {})).status).toBe(404);

  expect((await shop.http.post(`/api/questions/${id}/community/invite`, {})).body.invited).toBe(1);
  const [mail] = await eventually(async () => mailTo(email).length > 0 && mailTo(email));
  const link = answerLink(mailHtml(mail.file));
  // the signature's first character: all six of its bits are signature (the last one's low bits are
  // padding that decoding drops, so changing it could leave the link valid)
  const tampered = link.replace(/\.([\w-])([\w-]*)$/, (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`);
  for (const bad of [tampered, `${stack.appUrl}/qa/answer/nonsense`]) {
    const page = await fetch(bad);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This link is not valid or has expired.');
    expect((await fetch(bad, form({ name: 'X', answer: 'Y' }))).status).toBe(400);
  }
  const invitation = Number((await shop.http.get(`/api/questions/${id}/community`)).body.invitations[0].id);
  const expired = stack.api.runtime.services.links.sign('questions.answer', shop.domain, { invitation }, -60);
  expect((await fetch(`${stack.appUrl}/qa/answer/${expired}`)).status).toBe(400);
  // a link of this shop naming another shop's invitation finds nothing
  const foreign = stack.api.runtime.services.links.sign('questions.answer', other.domain, { invitation }, 3600);
  expect((await fetch(`${stack.appUrl}/qa/answer/${foreign}`)).status).toBe(404);
  // the question deleted: the link says it is gone
  await shop.http.delete(`/api/questions/${id}`);
  expect((await fetch(link)).status).toBe(404);
});

test('the invite size is a setting from 1 to 20', async () => {
  const shop = await shopWithProducts(stack);
  expect((await shop.http.put('/api/questions/settings', { communityInvites: 21 })).status).toBe(400);
  expect((await shop.http.put('/api/questions/settings', { communityInvites: 0 })).body.errors).toEqual({ communityInvites: 'The value is invalid' });
  expect((await shop.http.put('/api/questions/settings', { communityInvites: 20 })).body.data.communityInvites).toBe(20);
});
