// The Merchant API ProductReview a review becomes (pure), and the Google double's token endpoint
// and productReviews against the client (the integrations emulator in this process, no stack).
import crypto from 'node:crypto';
import type { PublicReview, ReviewFactSheet } from '@plaudit/contracts/reviews';
import type { ProductIdentifiers } from '@plaudit/contracts/widgets';
import { startIntegrationsEmulator, type RunningIntegrationsEmulator } from '@plaudit/kernel/testing';
import { GoogleRefused, googleMerchant } from '../shared/google-client';
import { googleCredentials } from '../shared/google-credentials';
import { googleIneligibility, googleProductReview } from '../shared/google-review';
import type { ReviewForShopify } from '../shared/metaobject';

const shown = (o: Partial<PublicReview> = {}) =>
  ({
    id: 12,
    kind: 'product',
    productId: 'gid://shopify/Product/1',
    productTitle: 'Linen tote',
    productHandle: 'linen-tote',
    rating: 1,
    title: ' Torn ',
    content: 'The strap tore.',
    author: 'Bo K.',
    country: 'DE',
    media: [
      { url: '/media/p.jpg', type: 'image' },
      { url: 'https://cdn.example/v.mp4', type: 'video' },
    ],
    incentivized: false,
    createdAt: '2026-02-01T09:00:00.000Z',
    ...o,
  }) as PublicReview;
const sheet = (o: Partial<ReviewFactSheet> = {}) =>
  ({ source: 'customer', orderId: '55', verified: true, incentivized: false, createdAt: '2026-02-01T09:00:00.000Z', ...o }) as ReviewFactSheet;
const of = (s = shown(), f = sheet()): ReviewForShopify => ({ shown: s, facts: f, publishedAt: null, language: 'de' });
const ids: ProductIdentifiers = { handle: 'linen-tote', gtins: ['4006381333931'], skus: ['TOTE-1'], brand: 'Acme' };
const o = { appUrl: 'https://app.example', shopDomain: 'demo.myshopify.com' };

test('a published product review becomes a ProductReview with every identifier, low ratings included', () => {
  expect(googleIneligibility(of(), ids)).toBeUndefined();
  expect(googleProductReview(of(), ids, o)).toEqual({
    productReviewId: 'plaudit-12',
    productReviewAttributes: {
      reviewTime: '2026-02-01T09:00:00.000Z',
      content: 'The strap tore.',
      title: 'Torn',
      rating: 1,
      minRating: 1,
      maxRating: 5,
      reviewerUsername: 'Bo K.',
      reviewLanguage: 'de',
      reviewCountry: 'DE',
      reviewerImageLinks: ['https://app.example/media/p.jpg'],
      productNames: ['Linen tote'],
      productLinks: ['https://demo.myshopify.com/products/linen-tote'],
      gtins: ['4006381333931'],
      brands: ['Acme'],
      skus: ['TOTE-1'],
      collectionMethod: 'POST_FULFILLMENT',
      isVerifiedPurchase: true,
      isIncentivizedReview: false,
    },
  });
});

test('who decides what goes: store reviews, hidden ones and unmatched products stay; imported buyers are not ours to verify', () => {
  expect(googleIneligibility({ ...of(), shown: undefined }, ids)).toBe('not_shown');
  expect(googleIneligibility(of(shown({ kind: 'store', productId: null })), ids)).toBe('store_review');
  expect(googleIneligibility(of(), { ...ids, gtins: [], skus: [] })).toBe('no_product_id');
  expect(googleIneligibility(of(), undefined)).toBe('no_product_id');
  // a SKU alone is enough to match
  expect(googleIneligibility(of(), { ...ids, gtins: [], brand: null })).toBeUndefined();
  const imported = googleProductReview(of(shown(), sheet({ source: 'judgeme', orderId: null })), ids, o).productReviewAttributes;
  expect(imported).toMatchObject({ isVerifiedPurchase: false, collectionMethod: 'UNSOLICITED' });
  expect(googleProductReview(of(shown({ incentivized: true })), ids, o).productReviewAttributes.isIncentivizedReview).toBe(true);
});

test('the credentials are checked field by field', () => {
  const r = googleCredentials.safeParse({ clientEmail: 'x', privateKey: '-----BEGIN PRIVATE KEY-----\nnope', accountId: '0', dataSourceId: '12' });
  expect(r.success).toBe(false);
  expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['accountId', 'clientEmail', 'privateKey']);
});

describe("the Google double, through the push's own client", () => {
  let vendors: RunningIntegrationsEmulator;
  beforeAll(async () => {
    vendors = await startIntegrationsEmulator({ port: 0 });
  });
  afterAll(() => vendors.stop());

  const pair = () =>
    crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });

  test('a token only for the key pair registered; insert, replace and delete by the answered name', async () => {
    const keys = pair();
    const account = { clientEmail: 'push@demo.iam.gserviceaccount.com', accountId: '321', dataSourceId: '9' };
    vendors.control('google-merchant', 'serviceAccount', { ...account, publicKey: keys.publicKey });
    const config = { integrationsBaseUrl: vendors.url };

    const stranger = googleMerchant(config, { ...account, privateKey: pair().privateKey });
    await expect(stranger.check()).rejects.toMatchObject({ status: 'invalid_grant', message: expect.stringContaining('Invalid JWT Signature.') });

    const google = googleMerchant(config, { ...account, privateKey: keys.privateKey });
    await google.check();
    const review = googleProductReview(of(), ids, o);
    const name = await google.insert(review);
    await google.insert({ ...review, productReviewAttributes: { ...review.productReviewAttributes, content: 'Replaced.' } });
    expect(vendors.control('google-merchant', 'reviews', { accountId: '321' })).toEqual([
      expect.objectContaining({ name, dataSource: 'accounts/321/dataSources/9', productReviewAttributes: expect.objectContaining({ content: 'Replaced.' }) }),
    ]);
    await google.remove(name);
    await google.remove(name); // gone already: fine
    expect(vendors.control('google-merchant', 'reviews', { accountId: '321' })).toEqual([]);

    // Google's error format for a review it refuses, and an account the service account may not use
    const bad = google.insert({ ...review, productReviewAttributes: { ...review.productReviewAttributes, rating: 9 } });
    await expect(bad).rejects.toBeInstanceOf(GoogleRefused);
    await expect(bad).rejects.toMatchObject({ httpStatus: 400, status: 'INVALID_ARGUMENT' });
    await expect(googleMerchant(config, { ...account, accountId: '999', privateKey: keys.privateKey }).check()).rejects.toMatchObject({ httpStatus: 403 });
  });
});
