// Edit requests end to end on the real worker and SMTP sink: the confirm-edit email (the shop's
// template in the kernel's template registry, or the plugin's defaults), its signed links, the states
// unconfirmed -> confirmed / denied, editing blocked until the customer confirms, forged, expired or
// superseded links refused, and no request while the shop has the email switched off.
import { type EmailTemplate } from '@plaudit/kernel';
import { eventually, startTestApi, type TestApi, listMail } from '@plaudit/kernel/testing';
import { insertReviews, mailBody, shopOn } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const mailTo = (email: string) => listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email));

/** Requests an edit and waits for its email; returns the link paths (the shared worker's APP_URL is not ours). */
async function requestAndReceive(http: Awaited<ReturnType<typeof shopOn>>['http'], id: number, email: string, count = 1) {
  const res = await http.post(`/api/reviews/${id}/request-edit`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, data: { editRequest: 'unconfirmed' } });
  const mails = await eventually(async () => (mailTo(email).length >= count ? mailTo(email) : undefined), 30_000);
  const body = mailBody(mails[0].file);
  const confirm = /\/r\/edit\/[\w.-]+\?decision=confirm/.exec(body)![0];
  const deny = /\/r\/edit\/[\w.-]+\?decision=deny/.exec(body)![0];
  const token = /\/r\/edit\/([\w.-]+)\?/.exec(confirm)![1];
  return { mail: mails[0], body, confirm, deny, token };
}

const stateOf = async (id: number) => (await api.knex('reviews').where({ id }).first()).editRequest;

/** Saves the shop's confirmEdit template the way the editor does: validated, stored in the kernel's registry. */
async function editConfirmTemplate(shopId: number, patch: Partial<EmailTemplate>) {
  const { templates } = api.runtime.services.mail;
  const current = await templates.get(shopId, 'reviews.confirmEdit', 'en');
  await templates.save(shopId, 'reviews.confirmEdit', await templates.validate('reviews.confirmEdit', current, patch), 'en');
}

test('confirm: the email arrives, GET only asks, POST confirms, then the merchant may edit', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const email = `ann-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, { email, firstName: 'Ann', content: 'Nice <script>alert(1)</script> mug', productTitle: 'Blue mug' });

  // A customer's review is not the merchant's to change without consent.
  const early = await http.put(`/api/reviews/${r.id}`, { content: 'Changed' });
  expect(early.status).toBe(409);
  expect(early.body).toMatchObject({ code: 'EDIT_NOT_CONFIRMED', message: 'This review cannot be edited until the customer confirms the edit request' });

  const { mail, body, confirm, token } = await requestAndReceive(http, r.id, email);
  expect(mail.subject).toBe(`${shop.name} would like to edit your review`);
  expect(mail.shop).toBe(shop.shopifyDomain);
  expect(body).toContain('Hi Ann,');
  expect(body).toContain('Blue mug');
  expect(body).toContain('Allow the edit');
  expect(body).toContain('Keep my review as it is');
  expect(body).not.toContain('<script>alert(1)</script>');
  expect(body).toContain('&lt;script&gt;');

  expect((await http.put(`/api/reviews/${r.id}`, { content: 'Changed' })).status).toBe(409);
  const question = await fetch(api.url + confirm);
  expect(question.status).toBe(200);
  const page = await question.text();
  expect(page).toContain('would like to edit your review');
  expect(page).toContain(`/r/edit/${token}/confirm`);
  expect(page).not.toContain('<script>alert(1)</script>');
  expect(await stateOf(r.id)).toBe('unconfirmed'); // a link scanner's GET changes nothing

  const answered = await fetch(`${api.url}/r/edit/${token}/confirm`, { method: 'POST' });
  expect(await answered.text()).toContain('You allowed the store to edit your review.');
  expect(await stateOf(r.id)).toBe('confirmed');
  const edited = await http.put(`/api/reviews/${r.id}`, { content: 'Nice mug, edited with consent' });
  expect(edited.status).toBe(200);
  expect(edited.body.content).toBe('Nice mug, edited with consent');
  // the answer stands: the deny button of the same email no longer changes it
  await fetch(`${api.url}/r/edit/${token}/deny`, { method: 'POST' });
  expect(await stateOf(r.id)).toBe('confirmed');
});

test('deny: editing stays refused; a newer request voids the older links', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const email = `bob-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, { email });
  const first = await requestAndReceive(http, r.id, email);
  const second = await requestAndReceive(http, r.id, email, 2);
  expect(second.token).not.toBe(first.token);

  const stale = await fetch(`${api.url}/r/edit/${first.token}/confirm`, { method: 'POST' });
  expect(stale.status).toBe(400);
  expect(await stale.text()).toContain('This link has expired');
  expect(await stateOf(r.id)).toBe('unconfirmed');

  const denied = await fetch(`${api.url}/r/edit/${second.token}/deny`, { method: 'POST' });
  expect(await denied.text()).toContain('Your review stays as you wrote it.');
  expect(await stateOf(r.id)).toBe('denied');
  const edit = await http.put(`/api/reviews/${r.id}`, { content: 'x' });
  expect(edit.status).toBe(409);
  expect(edit.body.code).toBe('EDIT_DENIED');
  await fetch(`${api.url}/r/edit/${second.token}/confirm`, { method: 'POST' });
  expect(await stateOf(r.id)).toBe('denied');
});

test('forged and expired links are refused and change nothing', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const email = `cy-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, { email });
  const { token } = await requestAndReceive(http, r.id, email);
  const { editRequestedAt } = await api.knex('reviews').where({ id: r.id }).first();
  const { links } = api.runtime.services;
  const data = { reviewId: r.id, requestedAt: new Date(editRequestedAt).getTime() };
  const sign = (purpose: string, shop: string, d: Record<string, unknown>, ttl: number) => links.sign(purpose, shop, d, ttl);

  const forged = token.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const expired = sign('reviews.edit', shop.shopifyDomain, data, -5);
  const wrongPurpose = sign('reviews.photo', shop.shopifyDomain, { reviewId: r.id }, 600);
  const otherReview = sign('reviews.edit', shop.shopifyDomain, { ...data, reviewId: r.id + 1_000_000 }, 600);
  for (const bad of [forged, expired, wrongPurpose, otherReview, 'garbage']) {
    expect((await fetch(`${api.url}/r/edit/${bad}`)).status).toBe(400);
    expect((await fetch(`${api.url}/r/edit/${bad}/confirm`, { method: 'POST' })).status).toBe(400);
  }
  expect(await stateOf(r.id)).toBe('unconfirmed');
  // a link signed correctly but for another shop's domain finds nothing of this shop
  const other = await shopOn(api, 'pro');
  const crossShop = sign('reviews.edit', other.shop.shopifyDomain, data, 600);
  expect((await fetch(`${api.url}/r/edit/${crossShop}/confirm`, { method: 'POST' })).status).toBe(400);
  expect(await stateOf(r.id)).toBe('unconfirmed');
});

test('no email, imported, tier and admin-created reviews', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [noEmail] = await insertReviews(api, shop.id, 1, { email: null });
  const refused = await http.post(`/api/reviews/${noEmail.id}/request-edit`);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ message: 'Email not found, unable to send edit request', code: 'EMAIL_NOT_FOUND' });
  expect(await stateOf(noEmail.id)).toBeNull();

  const [imported] = await insertReviews(api, shop.id, 1, { source: 'amazon', imported: true });
  expect((await http.post(`/api/reviews/${imported.id}/request-edit`)).status).toBe(409);

  // the merchant's own review needs nobody's consent
  const own = await http.post('/api/reviews', { kind: 'store', rating: 5, content: 'By us', email: 'team@example.com' });
  expect((await http.put(`/api/reviews/${own.body.id}`, { content: 'By us, fixed' })).status).toBe(200);

  const free = await shopOn(api, 'free-legacy');
  const [theirs] = await insertReviews(api, free.shop.id, 1);
  const gated = await free.http.post(`/api/reviews/${theirs.id}/request-edit`);
  expect(gated.status).toBe(403);
  expect(gated.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'base' });

  // another shop's review is not found, and nothing is sent
  expect((await free.http.post(`/api/reviews/${noEmail.id}/request-edit`)).status).toBe(403);
  const other = await shopOn(api, 'pro');
  expect((await other.http.post(`/api/reviews/${noEmail.id}/request-edit`)).status).toBe(404);
});

test("the shop's own confirm-edit template is sent; switched off, no request can be made", async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const email = `dee-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, { email, firstName: 'Dee', productTitle: 'Green vase' });
  await editConfirmTemplate(shop.id, {
    subject: 'May we tidy your {{ product_title }} review?',
    buttonText: 'Yes, go ahead',
    denyButtonText: 'Please leave it',
  });
  const { mail, body } = await requestAndReceive(http, r.id, email);
  expect(mail.subject).toBe('May we tidy your Green vase review?');
  expect(body).toContain('Yes, go ahead');
  expect(body).toContain('Please leave it');
  expect(body).not.toContain('Allow the edit');

  await editConfirmTemplate(shop.id, { enabled: false });
  const [other] = await insertReviews(api, shop.id, 1, { email: `eve-${Date.now()}@example.com` });
  const refused = await http.post(`/api/reviews/${other.id}/request-edit`);
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'EMAIL_TEMPLATE_OFF' });
  expect(await stateOf(other.id)).toBeNull();
});
