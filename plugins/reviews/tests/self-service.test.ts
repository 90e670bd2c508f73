// Issue 33: reviews their authors control, end to end on the real API, worker, PostgreSQL and SMTP
// sink. A reviewer's signed "your reviews" link edits (re-moderated by the shop's rules, never by the
// rating), deletes (gone from the storefront feed and the summaries), downloads their data only;
// the merchant is mailed and the history kept; another shop's or another email's link gets nothing;
// an expired link mails a fresh one; bad input is a 4xx; the forms are rate-limited.
import { eventually, listMail, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { insertReviews, mailBody, PRODUCT, shopOn } from './helpers';
import { ReviewsMaintenance } from '../shared/workflows';
import { createPlatformHooks } from '../activities';

jest.setTimeout(120_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const mailTo = (email: string) => listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email));
const row = (id: number) => api.knex('reviews').where({ id }).first();

/** The path of a "your reviews" link for `email` in the shop (the API's own signer, as the emails use). */
function mineLink(shopDomain: string, email: string, ttlSeconds = 600) {
  return `/r/mine/${api.runtime.services.links.sign('reviews.mine', shopDomain, { email }, ttlSeconds)}`;
}

/** Posts the edit form as a browser does (multipart), without following the redirect. */
function postEdit(path: string, reviewId: number, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${api.url}${path}/reviews/${reviewId}`, { method: 'POST', body: form, redirect: 'manual', headers });
}

const postDelete = (path: string, reviewId: number | string) => fetch(`${api.url}${path}/reviews/${reviewId}/delete`, { method: 'POST', redirect: 'manual' });

async function storefront(shop: { id: number; shopifyDomain: string }) {
  const feed = api.runtime.services.capabilities.require(ReviewFeed);
  const tenant = api.runtime.services.tenant(shop.id, shop.shopifyDomain);
  const page = await feed.reviews(tenant, { productId: PRODUCT, limit: 50 });
  const summary = (await feed.summaries(tenant, [PRODUCT]))[PRODUCT];
  return { reviews: page.items, summary };
}

async function holdingShop() {
  const s = await shopOn(api, 'pro');
  const owner = unique('owner');
  const saved = await s.http.put('/api/reviews/settings', { autoPublish: 'hold', autoPublishHeldAfterDays: 1, receiverNewReview: owner });
  expect(saved.status).toBe(200);
  return { ...s, owner };
}

test('a reviewer lowers their rating while the shop holds new reviews: published as the rules say, never suppressed; the merchant is told and the history kept', async () => {
  const { shop, http, owner } = await holdingShop();
  const email = unique('rita');
  const [mine] = await insertReviews(api, shop.id, 1, { email, rating: 5, content: 'Lovely mug', productTitle: 'Blue mug', publishedAt: new Date() });
  const [other] = await insertReviews(api, shop.id, 1, { email: unique('someone'), rating: 4, content: 'Someone else' });
  const link = mineLink(shop.shopifyDomain, email.toUpperCase());

  const page = await fetch(api.url + link);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Your reviews at');
  expect(html).toContain('Lovely mug');
  expect(html).not.toContain('Someone else');
  expect(html).toContain(`id="r${mine.id}-5" value="5" checked`);

  // stars alone: nothing new to moderate, the published review shows 2 stars at once
  const lowered = await postEdit(link, mine.id, { rating: '2', title: '', content: 'Lovely mug' });
  expect(lowered.status).toBe(303);
  expect(lowered.headers.get('location')).toContain('done=saved_live');
  expect(await row(mine.id)).toMatchObject({ rating: 2, status: 'published' });
  const live = await storefront(shop);
  expect(live.reviews.find((r) => r.id === mine.id)).toMatchObject({ rating: 2 });
  expect(live.summary).toMatchObject({ count: 2, stars: { 2: 1, 4: 1, 5: 0 } });

  // new words and one star: moderated as a new review is in this shop (held), the rating plays no part
  const rewritten = await postEdit(link, mine.id, { rating: '1', title: 'Cracked', content: 'It cracked in a week' });
  expect(rewritten.headers.get('location')).toContain('done=saved_held');
  expect(await row(mine.id)).toMatchObject({ rating: 1, status: 'pending', content: 'It cracked in a week' });
  const fresh = await http.post('/api/reviews', { productId: PRODUCT, rating: 5, content: 'A five-star review written now' });
  expect(fresh.body.status).toBe('pending'); // the same rule for a new five-star review

  // the shop's rule publishes held reviews after its days (a "day" of 1 ms here): both, whatever their stars
  await api
    .knex('reviews')
    .whereIn('id', [mine.id, fresh.body.id])
    .update({ createdAt: new Date(Date.now() - 60_000) });
  // A run skips a row another transaction holds (FOR UPDATE SKIP LOCKED: the edit's and the new review's
  // listeners still write them, a detected language), and the next run takes it, as the hourly schedule would.
  let runs = 0;
  await eventually(async () => {
    await api.runtime.services.temporal.execute(ReviewsMaintenance, {
      workflowId: `reviews-maintenance-self-service-${shop.id}-${++runs}`,
      taskQueue: api.config.temporal.taskQueue,
      // this shop only: a day of 1 ms would publish and purge other test files' reviews in the same database
      args: [{ dayMs: 1, shopIds: [shop.id] }],
    });
    return (await api.knex('reviews').whereIn('id', [mine.id, fresh.body.id]).where({ status: 'pending' })).length === 0;
  }, 60_000);
  expect(await row(mine.id)).toMatchObject({ rating: 1, status: 'published' });
  expect((await row(fresh.body.id)).status).toBe('published');
  const after = await storefront(shop);
  expect(after.reviews.find((r) => r.id === mine.id)).toMatchObject({ rating: 1 });
  expect(after.summary).toMatchObject({ count: 3, stars: { 1: 1, 4: 1, 5: 1 } });
  expect((await row(other.id)).rating).toBe(4);

  // the history: who, when, from what to what (the merchant's API)
  const history = await http.get(`/api/reviews/${mine.id}/author-history`);
  expect(history.status).toBe(200);
  expect(history.body.data).toHaveLength(2);
  expect(history.body.data[0]).toMatchObject({ action: 'edit', byEmail: email, status: 'published', changes: { rating: { from: 5, to: 2 } } });
  expect(history.body.data[0].changes.content).toBeUndefined();
  expect(history.body.data[1]).toMatchObject({
    status: 'pending',
    changes: { rating: { from: 2, to: 1 }, content: { from: 'Lovely mug', to: 'It cracked in a week' } },
  });
  expect(Date.parse(history.body.data[1].createdAt)).toBeGreaterThanOrEqual(Date.parse(history.body.data[0].createdAt));
  expect((await http.get(`/api/reviews/${other.id}/author-history`)).body.data).toEqual([]);

  // the merchant hears of both changes (the app's merchant mail, to the shop's notification address)
  const notices = await eventually(async () => (mailTo(owner).length >= 2 ? mailTo(owner) : undefined), 40_000);
  expect(notices.map((m) => m.subject)).toEqual(expect.arrayContaining([`A reviewer changed their review on ${shop.name}`]));
  const bodies = notices.map((m) => mailBody(m.file)).join('\n');
  expect(bodies).toContain('Rating: 5 → 2 stars');
  expect(bodies).toContain('Rating: 2 → 1 stars');
  expect(bodies).toContain('wait for your check');
});

test('delete removes the review from the storefront feed and summaries for good; the history keeps no words', async () => {
  const { shop, http, owner } = await holdingShop();
  const email = unique('dora');
  const [mine, kept] = await insertReviews(api, shop.id, 2, { email, rating: 3, publishedAt: new Date() });
  const link = mineLink(shop.shopifyDomain, email);
  await postEdit(link, mine.id, { rating: '3', content: 'Words to forget' });
  expect((await storefront(shop)).reviews.map((r) => r.id)).toEqual(expect.arrayContaining([kept.id]));

  const res = await postDelete(link, mine.id);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toContain('done=deleted');
  expect(await row(mine.id)).toBeUndefined();
  const after = await storefront(shop);
  expect(after.reviews.map((r) => r.id)).toEqual([kept.id]);
  expect(after.summary).toMatchObject({ count: 1 });
  const page = await (await fetch(`${api.url}${link}?done=deleted`)).text();
  expect(page).toContain('Your review was deleted.');
  expect(page).not.toContain(`review-${mine.id}`);
  // a second delete of the same review finds nothing
  expect((await postDelete(link, mine.id)).status).toBe(404);

  const history = (await http.get(`/api/reviews/${mine.id}/author-history`)).body.data;
  expect(history.map((h: { action: string }) => h.action)).toEqual(['edit', 'delete']);
  expect(history[0].changes).toEqual({ content: {} });
  expect(JSON.stringify(history)).not.toContain('Words to forget');
  const notices = await eventually(async () => {
    const found = mailTo(owner).filter((m) => m.subject === `A reviewer deleted their review on ${shop.name}`);
    return found.length ? found : undefined;
  }, 40_000);
  expect(mailBody(notices[0].file)).toContain(`deleted their review #${mine.id}`);
});

test('download returns their data only; a link for another shop or another email gets nothing', async () => {
  const a = await holdingShop();
  const b = await holdingShop();
  const email = unique('nia');
  const [inA] = await insertReviews(api, a.shop.id, 1, { email, content: 'Mine in shop A', customerId: '42' });
  const [inB] = await insertReviews(api, b.shop.id, 1, { email, content: 'Mine in shop B' });
  const [theirs] = await insertReviews(api, a.shop.id, 1, { email: unique('other'), content: 'Not mine' });

  const res = await fetch(`${api.url}${mineLink(a.shop.shopifyDomain, email)}/data`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.headers.get('content-disposition')).toContain('attachment');
  const data = await res.json();
  expect(data).toMatchObject({ shop: a.shop.shopifyDomain, email });
  expect(data.reviews.map((r: { id: number }) => r.id)).toEqual([inA.id]);
  expect(data.reviews[0]).toMatchObject({ content: 'Mine in shop A', email });
  expect(data.reviews[0].shopId).toBeUndefined();
  expect(data.reviews[0].customerId).toBeUndefined();
  expect(JSON.stringify(data)).not.toContain('Not mine');
  expect(JSON.stringify(data)).not.toContain('Mine in shop B');

  // shop B's link for the same address: shop A's review is not there to see, edit or delete
  const bLink = mineLink(b.shop.shopifyDomain, email);
  const bPage = await (await fetch(api.url + bLink)).text();
  expect(bPage).toContain('Mine in shop B');
  expect(bPage).not.toContain('Mine in shop A');
  expect((await postEdit(bLink, inA.id, { rating: '1', content: 'hijack' })).status).toBe(404);
  expect((await postDelete(bLink, inA.id)).status).toBe(404);
  // another address in shop A: not theirs either
  const stranger = mineLink(a.shop.shopifyDomain, unique('stranger'));
  expect(await (await fetch(api.url + stranger)).text()).toContain('You have no reviews at this store.');
  expect((await postEdit(stranger, inA.id, { rating: '1', content: 'hijack' })).status).toBe(404);
  expect((await postDelete(stranger, theirs.id)).status).toBe(404);
  expect((await fetch(`${api.url}${stranger}/data`).then((r) => r.json())).reviews).toEqual([]);
  expect(await row(inA.id)).toMatchObject({ content: 'Mine in shop A' });
  expect(await row(inB.id)).toMatchObject({ content: 'Mine in shop B' });
  expect(await row(theirs.id)).toMatchObject({ content: 'Not mine' });
});

test('an expired link is refused with a clear message; the re-request mails a fresh one that works; forged links get nothing', async () => {
  const { shop } = await holdingShop();
  const email = unique('exi');
  const [mine] = await insertReviews(api, shop.id, 1, { email, content: 'Still mine' });
  const expired = mineLink(shop.shopifyDomain, email, -5);

  const page = await fetch(api.url + expired);
  expect(page.status).toBe(400);
  const html = await page.text();
  expect(html).toContain('This link has expired');
  expect(html).toContain('Links to your reviews work for 30 days. We can email you a new one.');
  expect(html).not.toContain('Still mine');
  expect((await postEdit(expired, mine.id, { rating: '1', content: 'late' })).status).toBe(400);
  expect((await fetch(`${api.url}${expired}/data`)).status).toBe(400);

  const renew = await fetch(`${api.url}${expired}/renew`, { method: 'POST' });
  expect(renew.status).toBe(200);
  expect(await renew.text()).toContain(`We sent a new link to your reviews to ${email}.`);
  const [mail] = await eventually(async () => (mailTo(email).length ? mailTo(email) : undefined), 40_000);
  expect(mail.subject).toBe(`Your reviews at ${shop.name}`);
  const fresh = /\/r\/mine\/[\w.-]+/.exec(mailBody(mail.file))![0];
  expect(fresh).not.toBe(expired);
  const opened = await fetch(api.url + fresh);
  expect(opened.status).toBe(200);
  expect(await opened.text()).toContain('Still mine');

  // forged or of another purpose: no page, and no re-request either
  const forged = `${expired.replace(/\.[^.]+$/, '')}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
  const photo = `/r/mine/${api.runtime.services.links.sign('reviews.photo', shop.shopifyDomain, { reviewId: mine.id }, 600)}`;
  for (const bad of [forged, photo, '/r/mine/garbage']) {
    const res = await fetch(api.url + bad);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('Email me a new link');
    expect((await fetch(`${api.url}${bad}/renew`, { method: 'POST' })).status).toBe(400);
  }
});

test('bad input gets a 4xx with the field message and changes nothing; past the budget 429 with Retry-After', async () => {
  const { shop } = await holdingShop();
  const email = unique('bad');
  const [mine] = await insertReviews(api, shop.id, 1, { email, rating: 4, content: 'As written' });
  const link = mineLink(shop.shopifyDomain, email);

  const outOfRange = await postEdit(link, mine.id, { rating: '9', content: 'x' });
  expect(outOfRange.status).toBe(400);
  expect(await outOfRange.text()).toContain('Choose between 1 and 5 stars');
  const empty = await postEdit(link, mine.id, { rating: '3', content: '   ' });
  expect(empty.status).toBe(400);
  expect(await empty.text()).toContain('This field is required');
  const json = await fetch(`${api.url}${link}/reviews/${mine.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rating":1}' });
  expect(json.status).toBe(400);
  const notAPhoto = new FormData();
  notAPhoto.append('rating', '3');
  notAPhoto.append('content', 'with a photo');
  notAPhoto.append('photos', new Blob([Buffer.from('not an image')], { type: 'image/png' }), 'x.png');
  const refused = await fetch(`${api.url}${link}/reviews/${mine.id}`, { method: 'POST', body: notAPhoto, redirect: 'manual' });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain('type not supported');
  expect((await postEdit(link, 0, { rating: '3', content: 'x' })).status).toBe(404);
  expect((await postDelete(link, 'abc')).status).toBe(404);
  expect(await row(mine.id)).toMatchObject({ rating: 4, content: 'As written' });

  // the budget of changes per reviewer (10 in 10 minutes, like the review forms); five spent above
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await postEdit(link, mine.id, { rating: '4', content: 'As written' })).status);
  expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
  expect(statuses.slice(5)).toEqual([429, 429]);
  const blocked = await postDelete(link, mine.id);
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await blocked.text()).toContain('Too many changes were sent from here.');
  expect(await row(mine.id)).toBeDefined();
});

test("the review reply email carries the reviewer's link to their reviews", async () => {
  const { shop, http } = await shopOn(api, 'pro');
  const email = unique('rey');
  const [mine] = await insertReviews(api, shop.id, 1, { email, content: 'Replied to' });
  expect((await http.post(`/api/reviews/${mine.id}/reply`, { content: 'Thank you!' })).status).toBeLessThan(300);
  const [mail] = await eventually(async () => (mailTo(email).length ? mailTo(email) : undefined), 40_000);
  const body = mailBody(mail.file);
  expect(body).toContain('See, change or delete your reviews');
  const link = /\/r\/mine\/[\w.-]+/.exec(body)![0];
  expect(await (await fetch(api.url + link)).text()).toContain('Replied to');
});

test("the page speaks the reviewer's language (the review's locale), one of the twelve", async () => {
  const { shop } = await holdingShop();
  const email = unique('vi');
  await insertReviews(api, shop.id, 1, { email, locale: 'vi', content: 'Rất tốt' });
  const html = await (await fetch(api.url + mineLink(shop.shopifyDomain, email))).text();
  expect(html).toContain('<html lang="vi"');
  expect(html).toContain('Đánh giá của bạn tại');
  expect(html).toContain('Lưu thay đổi');
  expect(html).not.toContain('Save changes');
});

test("Shopify's data request lists the reviewer's own changes; customers/redact removes their address from the history", async () => {
  const { shop, http } = await holdingShop();
  const email = unique('gdpr');
  const [mine] = await insertReviews(api, shop.id, 1, { email, rating: 4, content: 'Fine' });
  expect((await postEdit(mineLink(shop.shopifyDomain, email), mine.id, { rating: '3', content: 'Fine' })).status).toBe(303);
  const hooks = createPlatformHooks({ ...api.runtime.services } as never);
  const ref = { shopId: shop.id, shopDomain: shop.shopifyDomain, customer: { email: email.toUpperCase() } };
  const exported = (await hooks.exportCustomer!(ref)) as { authorChanges: { reviewId: number; changes: unknown }[] };
  expect(exported.authorChanges).toEqual([expect.objectContaining({ reviewId: mine.id, changes: { rating: { from: 4, to: 3 } } })]);
  await hooks.redactCustomer!(ref);
  const [after] = (await http.get(`/api/reviews/${mine.id}/author-history`)).body.data;
  expect(after).toMatchObject({ byEmail: '', changes: { rating: { from: 4, to: 3 } } });
});
