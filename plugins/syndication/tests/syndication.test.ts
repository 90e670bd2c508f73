// Syndication end to end on the real stack (API, PostgreSQL, Temporal with this file's own worker,
// the store emulator): a review's life on Shopify's product_review metaobjects (create, edit, reply,
// unpublish, republish, delete), a throttled bucket waited for, turning syndication on after reviews
// exist (the re-sync), the Meta feed at its secret URL, and bad input refused. A merchant's changes to the
// metaobjects in Shopify's admin: metaobject-hooks.test.ts.
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { eventually } from '@plaudit/kernel/testing';
import { defaultPayloadConverter } from '@temporalio/common';
import { backfillWorkflowId, type BackfillPage } from '../shared/backfill';
import { META_COLUMNS } from '../shared/meta-feed';
import { reviewHandle } from '../shared/metaobject';
import { pauseBeforeNextPage } from '../workflows/pace';
import {
  gone,
  metaobjectOf,
  metaobjects,
  metaobjectWhen,
  resultOf,
  review,
  shop,
  shopifyOn,
  stack,
  syndicatedReview,
  useSyndicationStack,
  workflow,
  type Shop,
} from './helpers';

jest.setTimeout(180_000);

useSyndicationStack('syndication');

test("a review's life on Shopify: created, edited, answered, unpublished, published again, deleted", async () => {
  const { s, id, metaobject: created } = await syndicatedReview();
  expect(JSON.parse(created.fields.rating)).toEqual({ value: '4', scale_min: '1', scale_max: '5' });
  expect(created.fields).toMatchObject({
    title: 'Sturdy',
    body: 'Carries everything I need.',
    source: 'Plaudit',
    product: s.productId,
    author_display_name: 'Ada L.',
  });
  expect(created.fields.submitted_at).toBeTruthy();

  expect((await s.http.put(`/api/reviews/${id}`, { content: 'Carries everything, even a laptop.' })).status).toBe(200);
  // the edit's own sync sets edited_at; the re-sync that turning Shopify on started may bring the
  // new text a moment before it (it does not know the review was edited)
  const edited = await metaobjectWhen(s.domain, id, (f) => f.body === 'Carries everything, even a laptop.' && !!f.edited_at);
  expect(Date.parse(edited.fields.edited_at)).toBeGreaterThan(Date.parse(edited.fields.submitted_at) - 1);
  expect(edited.id).toBe(created.id);

  expect((await s.http.post(`/api/reviews/${id}/reply`, { content: 'Thank you, Ada!' })).status).toBe(200);
  const replied = await metaobjectWhen(s.domain, id, (f) => !!f.merchant_reply);
  expect(replied.fields.merchant_reply).toBe('Thank you, Ada!');
  expect(replied.fields.merchant_replied_at).toBeTruthy();

  expect((await s.http.post(`/api/reviews/${id}/unpublish`)).status).toBe(200);
  await gone(s.domain, id);
  expect((await s.http.post(`/api/reviews/${id}/publish`)).status).toBe(200);
  const back = await metaobjectWhen(s.domain, id);
  expect(back.fields.merchant_reply).toBe('Thank you, Ada!');

  expect((await s.http.delete(`/api/reviews/${id}`)).status).toBe(200);
  await gone(s.domain, id);
  // the row follows the delete call
  const status = await eventually(async () => {
    const body = (await s.http.get('/api/syndication')).body;
    return body.shopify.removed === 1 ? body : undefined;
  });
  expect(status.shopify).toMatchObject({ enabled: true, synced: 0, removed: 1, failed: 0, lastError: null });
  expect(status.shopify.lastSyncAt).toBeTruthy();
});

test('a throttled bucket is waited for: the review arrives and nothing is recorded as failed', async () => {
  const s = await shop();
  await shopifyOn(s);
  // more THROTTLED answers than the kernel's retries absorb (it gives up with PlatformThrottledError
  // after 5 attempts of up to 3 calls each): the plugin then waits as Shopify asks and goes on
  await stack.control(`/shops/${s.domain}/throttle`, { count: 20 });
  const id = await review(s);
  await metaobjectWhen(s.domain, id, undefined, 90_000);
  expect(stack.emulator.store.throttles.get(s.domain)?.count).toBe(0);
  const status = (await s.http.get('/api/syndication')).body;
  expect(status.shopify).toMatchObject({ synced: 1, failed: 0, lastError: null });
});

test('turning Shopify on later syndicates the published reviews already there; the re-sync action does it again', async () => {
  const s = await shop();
  const published = [await review(s), await review(s), await review(s)];
  const hidden = await review(s, { status: 'unpublished' });
  expect(metaobjects(s.domain)).toEqual([]);

  await shopifyOn(s);
  await eventually(async () => metaobjects(s.domain).length === published.length, 60_000);
  expect(metaobjectOf(s.domain, hidden)).toBeUndefined();

  // a metaobject removed on Shopify's side comes back with a re-sync
  const shopRecord = stack.emulator.store.shop(s.domain)!;
  shopRecord.metaobjects = shopRecord.metaobjects.filter((m) => m.handle !== reviewHandle(published[0]));
  const resync = await s.http.post('/api/syndication/resync', { channel: 'shopify' });
  expect(resync.status).toBe(202);
  await metaobjectWhen(s.domain, published[0]);
  expect(metaobjects(s.domain)).toHaveLength(published.length);

  // off, a review unpublished meanwhile: nothing follows; on again, the re-sync deletes it there
  await shopifyOn(s, false);
  expect((await s.http.post(`/api/reviews/${published[1]}/unpublish`)).status).toBe(200);
  await shopifyOn(s);
  await gone(s.domain, published[1]);
  expect(metaobjects(s.domain)).toHaveLength(published.length - 1);
});

/** A shop with `count` published reviews imported in one call (no review events: only the re-syncs call Shopify; imported reviews are sent too). */
async function shopWithImported(count: number) {
  const s = await shop();
  const write = stack.api.runtime.services.capabilities.require(ReviewWrite);
  const rows = Array.from({ length: count }, (_, i) => ({
    productId: s.productId,
    productTitle: s.productTitle,
    rating: 1 + (i % 5),
    content: `Review ${i}.`,
    firstName: 'Ada',
    status: 'published' as const,
  }));
  const { ids } = await write.importReviews(stack.api.runtime.services.tenant(s.shop.id, s.domain), rows);
  return { s, ids };
}

/** Turns Shopify syndication on; resolves with the re-sync that starts, once it has finished. */
async function enabledAndResynced(s: Shop) {
  await shopifyOn(s);
  return eventually(async () => {
    const resync = (await s.http.get('/api/syndication')).body.shopify.resync;
    return resync?.finishedAt ? resync : undefined;
  }, 300_000);
}

test('a re-sync of 150 reviews is paced by the bucket: all arrive, Shopify never answers THROTTLED', async () => {
  const { s, ids } = await shopWithImported(150);
  // the app's other calls on the shop have used most of its Standard bucket (600 of 2,000 points
  // left): the run must wait between pages however slowly the machine runs them (each upsert's
  // metaobjects/create webhook also reaches the worker meanwhile)
  stack.emulator.store.buckets.set(s.domain, { available: 600, at: Date.now(), size: 2000, restoreRate: 100 });
  const done = await enabledAndResynced(s);
  expect(done.checked).toBe(ids.length);
  expect(metaobjects(s.domain)).toHaveLength(ids.length);
  // 150 upserts of 10 points are more than the 600 points left: the run waits after each page for
  // what the bucket Shopify reported then lacks (how much depends on how long the page took: the
  // bucket refills meanwhile) ...
  const events = (await workflow(backfillWorkflowId(s.domain, done.run)).fetchHistory()).events!;
  const pauses = events.filter((e) => e.timerStartedEventAttributes).length;
  const pages = events
    .flatMap((e) => e.activityTaskCompletedEventAttributes?.result?.payloads ?? [])
    .map((p) => defaultPayloadConverter.fromPayload<BackfillPage | undefined>(p))
    .filter((p) => p?.spent !== undefined) as BackfillPage[];
  // three full pages, then the empty one that finds the end
  expect(pages.map((p) => p.checked)).toEqual([50, 50, 50, 0]);
  expect(pauses).toBe(pages.filter((p) => p.lastId !== undefined && pauseBeforeNextPage(p.spent, p.throttle) > 0).length);
  // ... long enough that no call found the bucket short
  expect(stack.emulator.store.costThrottled.get(s.domain) ?? []).toEqual([]);
});

test('a newer re-sync stops the older, held on its first page, at its next page', async () => {
  // more than a page (50), so the older has a next page to stop at; a Plus plan's bucket, to be quick
  const { s, ids } = await shopWithImported(60);
  stack.emulator.store.shop(s.domain)!.plan = { displayName: 'Shopify Plus', partnerDevelopment: false, shopifyPlus: true, shopifyPlan: 'shopify_plus' };
  expect((await enabledAndResynced(s)).checked).toBe(ids.length);
  // Shopify answers THROTTLED to every call until the newer one has begun: the older is held on its first page
  await stack.control(`/shops/${s.domain}/throttle`, { count: 1000 });
  const older = (await s.http.post('/api/syndication/resync', { channel: 'shopify' })).body.run;
  const newer = (await s.http.post('/api/syndication/resync', { channel: 'shopify' })).body.run;
  await stack.control(`/shops/${s.domain}/throttle`, { count: 0 });
  expect((await resultOf(backfillWorkflowId(s.domain, older))).state).toBe('stopped');
  expect(await resultOf(backfillWorkflowId(s.domain, newer))).toEqual({ state: 'done', checked: ids.length });
  expect(stack.emulator.store.costThrottled.get(s.domain) ?? []).toEqual([]);
  expect(metaobjects(s.domain)).toHaveLength(ids.length);
});

test('the Meta feed: off is a 404, on serves CSV and JSON with the documented columns, a new secret retires the old URL', async () => {
  const s = await shop();
  const id = await review(s);
  const before = (await s.http.get('/api/syndication')).body.meta;
  expect(before.enabled).toBe(false);
  expect((await fetch(before.csvUrl)).status).toBe(404);

  expect((await s.http.put('/api/syndication/settings', { metaFeedEnabled: true })).status).toBe(200);
  const csv = await fetch(before.csvUrl);
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  const [header, ...lines] = (await csv.text()).trim().split('\r\n');
  expect(header.split(',')).toEqual(META_COLUMNS.map((c) => c.name));
  expect(lines).toHaveLength(1);
  const json = (await (await fetch(before.jsonUrl)).json()) as { store: { id: string }; reviews: { reviewID: string; incentivized: boolean }[] };
  expect(json.store.id).toBe(s.domain);
  expect(json.reviews).toEqual([expect.objectContaining({ reviewID: String(id), incentivized: false })]);
  expect(lines[0]).toContain(`/products/${s.productHandle}`);

  const rotated = (await s.http.post('/api/syndication/meta/rotate')).body;
  expect(rotated.csvUrl).not.toBe(before.csvUrl);
  expect((await fetch(before.csvUrl)).status).toBe(404);
  expect((await fetch(rotated.csvUrl)).status).toBe(200);
  // another shop's feed holds only its own reviews
  const other = await shop();
  await other.http.put('/api/syndication/settings', { metaFeedEnabled: true });
  const otherFeed = (await other.http.get('/api/syndication')).body.meta;
  expect(otherFeed.reviews).toBe(0);
  expect(otherFeed.csvUrl).not.toBe(rotated.csvUrl);
});

test('bad input is a 4xx', async () => {
  const s = await shop();
  expect((await s.http.put('/api/syndication/settings', { shopifyEnabled: 'yes' })).status).toBe(400);
  expect((await s.http.put('/api/syndication/settings', { somethingElse: true })).status).toBe(400);
  expect((await s.http.post('/api/syndication/resync', {})).status).toBe(400);
  expect((await s.http.post('/api/syndication/resync', { channel: 'meta' })).status).toBe(400);
  // Google not connected
  expect((await s.http.post('/api/syndication/resync', { channel: 'google' })).status).toBe(409);
  const off = await s.http.post('/api/syndication/resync', { channel: 'shopify' });
  expect(off.status).toBe(409);
  expect(off.body.code).toBe('SYNDICATION_OFF');
  expect((await fetch(`${stack.appUrl}/feeds/meta/short/reviews.csv`)).status).toBe(404);
  expect((await fetch(`${stack.appUrl}/feeds/meta/${'a'.repeat(32)}/reviews.csv`)).status).toBe(404);
  expect((await fetch(`${stack.appUrl}/feeds/meta/${'a'.repeat(32)}/reviews.xml`)).status).toBe(404);
});
