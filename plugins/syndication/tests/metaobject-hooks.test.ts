// A merchant's edit or deletion of a review's product_review metaobject in Shopify's admin, through the
// metaobjects/* webhooks (activities/metaobject-hooks.ts), on the real stack: put right while syndication is on,
// left alone while it is off, and a late webhook of our own earlier write taken for what it is.
import { eventually } from '@plaudit/kernel/testing';
import {
  metaobjectOf,
  metaobjectWebhooks,
  metaobjectWhen,
  echoesProcessed,
  gone,
  processed,
  shopifyOn,
  stack,
  syndicatedReview,
  useSyndicationStack,
  writersDone,
} from './helpers';

jest.setTimeout(180_000);

useSyndicationStack('syndication-hooks');

test("a merchant's edit or deletion of a review metaobject in Shopify's admin is put right through the metaobjects/* webhooks", async () => {
  const { s, id, metaobject: first } = await syndicatedReview();

  // the merchant rewrites the body and fills the variant in the admin: both are put back as Plaudit shows the review
  const variant = stack.emulator.store.shop(s.domain)!.products[0].variants[0].id;
  // wait: the answer names the webhook once it is delivered (earlier deliveries may still be going out)
  const edit = await stack.control(`/shops/${s.domain}/metaobjects/${first.id}/update`, {
    fields: { body: 'Edited in the admin.', product_variant: `gid://shopify/ProductVariant/${variant}` },
    wait: true,
  });
  expect(edit.webhooks).toEqual([expect.objectContaining({ topic: 'metaobjects/update' })]);
  const restored = await metaobjectWhen(s.domain, id, (f) => f.body === 'Carries everything I need.' && !f.product_variant, 60_000);
  expect(restored.id).toBe(first.id);

  // the merchant deletes it: the review is still shown, so it is made again (a new metaobject)
  expect((await stack.control(`/shops/${s.domain}/metaobjects/${first.id}/delete`, { wait: true })).webhooks).toEqual([
    expect.objectContaining({ topic: 'metaobjects/delete' }),
  ]);
  const again = await metaobjectWhen(s.domain, id, (f) => f.body === 'Carries everything I need.', 60_000);
  expect(again.id).not.toBe(first.id);
  const status = await eventually(async () => {
    const body = (await s.http.get('/api/syndication')).body;
    return body.shopify.synced === 1 ? body : undefined;
  }, 60_000);
  expect(status.shopify).toMatchObject({ removed: 0, failed: 0, lastError: null });

  // our own delete (the review unpublished) sends metaobjects/delete too: it stays deleted
  expect((await s.http.post(`/api/reviews/${id}/unpublish`)).status).toBe(200);
  await gone(s.domain, id);
  // both deletes' webhooks (the merchant's, ours) taken by the worker
  await processed(s.domain, 'metaobjects/delete', 2);
  const after = await eventually(async () => {
    const body = (await s.http.get('/api/syndication')).body;
    return body.shopify.removed === 1 ? body : undefined;
  }, 60_000);
  expect(after.shopify.synced).toBe(0);
  expect(metaobjectOf(s.domain, id)).toBeUndefined();
});

test("turned off, the shop's metaobject webhooks change nothing", async () => {
  const { s, id, metaobject: m } = await syndicatedReview();
  // both writers of the review's metaobject done (the first to land made it; a later one would undo the edit below)
  await writersDone(s, id);
  await shopifyOn(s, false);
  await stack.control(`/shops/${s.domain}/metaobjects/${m.id}/update`, { fields: { body: 'Edited while off.' }, wait: true });
  // the merchant's edit taken by the worker, and the merchant's text stays
  await processed(s.domain, 'metaobjects/update', 1, 'Edited while off.');
  expect(metaobjectOf(s.domain, id)!.fields.body).toBe('Edited while off.');
});

test("our own earlier write's webhook, delivered late, puts nothing right: the metaobject is read as Shopify holds it now", async () => {
  const { s, id } = await syndicatedReview();
  await writersDone(s, id);
  const [first] = metaobjectWebhooks(s.domain).filter((d) => d.topic === 'metaobjects/create');
  // a later write of ours: the review's edit
  expect((await s.http.put(`/api/reviews/${id}`, { content: 'Carries everything, even a laptop.' })).status).toBe(200);
  await metaobjectWhen(s.domain, id, (f) => f.body === 'Carries everything, even a laptop.');
  await echoesProcessed(s.domain);

  // the first write's webhook comes again, late (Shopify promises no order): it tells of a state our edit replaced
  await stack.emulator.webhooks.send([{ topic: 'metaobjects/update', shop: s.domain, payload: JSON.parse(first.body) }], { wait: true });
  await echoesProcessed(s.domain);
  // nothing was put right (the hook notes a restore before it writes) and the metaobject is our edit
  expect((await stack.api.knex('syndication_items').where({ reviewId: id }).first()).restoredAt).toBeNull();
  expect(metaobjectOf(s.domain, id)!.fields.body).toBe('Carries everything, even a laptop.');
});
