// The Google Merchant API push on the real stack (API, PostgreSQL, Temporal with this file's own
// worker, the store emulator, and the integrations emulator's doubles of Google's token endpoint and
// productReviews): connecting checks each field and the key itself; reviews already published go by
// the re-sync a connect starts; a published review is pushed with its product's GTINs, unpublishing
// deletes it; a quota spent (429) is waited out.
import crypto from 'node:crypto';
import { client, eventually, startPlatformStack, startTestWorker, updateShop } from '@plaudit/kernel/testing';

jest.setTimeout(180_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;
const taskQueue = `syndication-google-${process.pid}`;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = await startTestWorker(stack.api.config);
}, 150_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

const keyPair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
let accounts = 1000;

/** A shop, and a service account the Google double knows (its own key pair, account and data source). */
async function shop() {
  const installed = await stack.installShop();
  await updateShop(stack.api, installed.shop.id, { plan: 'pro' });
  const http = client(stack.appUrl, installed.appToken);
  const product = stack.emulator.store.shop(installed.domain)!.products[0];
  const keys = keyPair();
  const accountId = String(++accounts);
  const credentials = {
    clientEmail: `plaudit@shop-${accountId}.iam.gserviceaccount.com`,
    privateKey: keys.privateKey,
    accountId,
    dataSourceId: '1000000573361824',
  };
  stack.integrations.control('google-merchant', 'serviceAccount', { ...credentials, publicKey: keys.publicKey });
  return { ...installed, http, product, credentials, productId: `gid://shopify/Product/${product.id}` };
}
type Shop = Awaited<ReturnType<typeof shop>>;

async function review(s: Shop, rating = 4): Promise<number> {
  const res = await s.http.post('/api/reviews', {
    productId: s.productId,
    productTitle: s.product.title,
    productHandle: s.product.handle,
    rating,
    title: 'Sturdy',
    content: 'Carries everything I need.',
    firstName: 'Ada',
    lastName: 'Lovelace',
    status: 'published',
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

type Pushed = { name: string; productReviewId: string; productReviewAttributes: Record<string, any> };
const pushed = (s: Shop) => stack.integrations.control('google-merchant', 'reviews', { accountId: s.credentials.accountId }) as Pushed[];
const pushedOf = (s: Shop, id: number) => pushed(s).find((r) => r.productReviewId === `plaudit-${id}`);
/** Waits for the review on Google. */
const pushedWhen = (s: Shop, id: number, timeoutMs = 60_000) => eventually(async () => pushedOf(s, id), timeoutMs);
const connect = (s: Shop, body: object = s.credentials) => s.http.put('/api/integrations/google-merchant', body);

test('connecting refuses each bad field, and a key or account Google does not take', async () => {
  const s = await shop();
  const bad = await connect(s, { clientEmail: 'not an email', privateKey: 'not a key', accountId: 'acme', dataSourceId: s.credentials.dataSourceId });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.errors).sort()).toEqual(['accountId', 'clientEmail', 'privateKey']);
  const missing = await connect(s, {});
  expect(missing.status).toBe(400);
  expect(missing.body.errors).toMatchObject({ clientEmail: 'This field is required', dataSourceId: 'This field is required' });

  // a well-formed key of another pair: the double checks the JWT's signature with the account's public key
  const wrongKey = await connect(s, { ...s.credentials, privateKey: keyPair().privateKey });
  expect(wrongKey.status).toBe(400);
  expect(wrongKey.body.code).toBe('CREDENTIALS_REFUSED');
  // an account the service account may not use
  const wrongAccount = await connect(s, { ...s.credentials, accountId: '999999999' });
  expect(wrongAccount.status).toBe(400);
  expect((await s.http.get('/api/integrations/google-merchant')).body.data.status).toBe('disconnected');
  expect((await s.http.get('/api/syndication')).body.google).toMatchObject({ connected: false, synced: 0 });
});

test('connecting pushes the reviews already published; a new one follows, unpublishing deletes it', async () => {
  const s = await shop();
  const before = await review(s, 2);
  const ok = await connect(s);
  expect(ok.status).toBe(200);
  expect(ok.body.data.status).toBe('connected');
  // the credentials never come back
  expect(JSON.stringify((await s.http.get('/api/integrations/google-merchant')).body)).not.toContain('PRIVATE KEY');

  // the re-sync the connect started: a low rating goes too
  const first = await pushedWhen(s, before);
  expect(first.productReviewAttributes).toMatchObject({ rating: 2, minRating: 1, maxRating: 5, content: 'Carries everything I need.', title: 'Sturdy' });
  const status = await eventually(async () => {
    const g = (await s.http.get('/api/syndication')).body.google;
    return g.resync?.finishedAt ? g : undefined;
  }, 60_000);
  expect(status).toMatchObject({ connected: true, synced: 1, failed: 0, lastError: null });

  const id = await review(s);
  const item = await pushedWhen(s, id);
  const barcodes = s.product.variants.map((v) => v.barcode).filter(Boolean);
  expect(item.name).toBe(`accounts/${s.credentials.accountId}/productReviews/plaudit-${id}`);
  expect(item.productReviewAttributes).toMatchObject({
    reviewerUsername: 'Ada L.',
    isIncentivizedReview: false,
    productNames: [s.product.title],
    productLinks: [`https://${s.domain}/products/${s.product.handle}`],
    brands: [s.product.vendor],
  });
  expect(item.productReviewAttributes.gtins).toEqual(expect.arrayContaining(barcodes));
  expect(Date.parse(item.productReviewAttributes.reviewTime)).not.toBeNaN();

  expect((await s.http.post(`/api/reviews/${id}/unpublish`)).status).toBe(200);
  await eventually(async () => !pushedOf(s, id), 60_000);
  const after = await eventually(async () => {
    const g = (await s.http.get('/api/syndication')).body.google;
    return g.removed === 1 ? g : undefined;
  }, 60_000);
  expect(after).toMatchObject({ synced: 1, removed: 1 });
  // the other shop's reviews are not this one's
  expect(pushed(s).map((r) => r.productReviewId)).toEqual([`plaudit-${before}`]);

  // analytics counts the reviews Google holds now (the SyndicationCounts capability); Shopify is off and never synced
  const overview = await s.http.get('/api/analytics/overview?period=7d');
  expect(overview.status).toBe(200);
  expect(overview.body.syndicated).toEqual([{ channel: 'google', reviews: 1 }]);

  // the re-sync action, on demand
  const resync = await s.http.post('/api/syndication/resync', { channel: 'google' });
  expect(resync.status).toBe(202);
  // ... and finished: its late pushes would otherwise meet the next test's throttled quota
  await eventually(async () => {
    const { run, finishedAt } = (await s.http.get('/api/syndication')).body.google.resync ?? {};
    return (run === resync.body.run && finishedAt) || undefined;
  }, 60_000);
});

test('a spent quota (429 RESOURCE_EXHAUSTED) is waited out and the review still goes', async () => {
  const s = await shop();
  expect((await connect(s)).status).toBe(200);
  await eventually(async () => (await s.http.get('/api/syndication')).body.google.resync?.finishedAt || undefined, 60_000);
  const seen = stack.integrations.received.length;
  stack.integrations.control('google-merchant', 'throttle', { count: 3 });
  const id = await review(s);
  await pushedWhen(s, id, 90_000);
  const calls = stack.integrations.received.slice(seen).filter((r) => r.host === 'merchantapi.googleapis.com' && r.path.endsWith(':insert'));
  expect(calls.map((c) => c.status)).toEqual([429, 429, 429, 200]);
  expect((await s.http.get('/api/syndication')).body.google).toMatchObject({ synced: 1, failed: 0 });
});
