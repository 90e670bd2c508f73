// Instagram end to end on the real stack (API, PostgreSQL, Temporal with a worker of this file's own,
// the SMTP sink, the store and integrations emulators): connecting through the emulated Instagram
// window (a wrong state refused, the token never sent back), the first sync (images, a video's
// thumbnail, a carousel's children, re-hosted by us), a re-sync downloading nothing twice and
// dropping a deleted post, hiding and tagging a post, another shop seeing none of it, the refresh
// schedule's workflow renewing an old token, a rate-limited call retried, and an expired token
// disconnecting the account and mailing the merchant once.
import sharp from 'sharp';
import { client, eventually, listMail, startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { InstagramRefreshTokens, InstagramSync } from '../shared/workflows';

jest.setTimeout(240_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `instagram-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
}, 180_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

interface Post {
  id: number;
  mediaId: string;
  mediaType: string;
  pictures: { url: string; variants: { url: string; width: number }[] }[];
  videoUrl: string | null;
  hidden: boolean;
  products: { id: string; title: string }[];
}

const ig = (action: string, body: unknown = {}) => stack.integrations.control('instagram', action, body) as any;
const temporal = () => stack.api.runtime.services.temporal.client.workflow;
const gateway = () => stack.api.runtime.services.temporal;
const syncResult = (domain: string) => temporal().getHandle(`instagram-sync:${domain}`).result();
const username = () => `shop.${Math.random().toString(36).slice(2, 8)}`;

/** The merchant's browser: our connect call, Instagram's window, Allow, and back to our callback. */
async function authorize(http: ReturnType<typeof client>, o: { tamper?: (callback: URL) => void } = {}) {
  const { body } = await http.post('/api/instagram/connect', {});
  const authorizeUrl: string = body.data.authorizeUrl;
  const page = await (await fetch(authorizeUrl)).text();
  const allow = new URL(/id="allow" href="([^"]+)"/.exec(page)![1].replace(/&amp;/g, '&'), authorizeUrl);
  const back = await fetch(allow, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  o.tamper?.(callback);
  const res = await fetch(callback);
  return { authorizeUrl, callback, status: res.status, text: await res.text() };
}

async function connectedShop() {
  const installed = await stack.installShop();
  const http = client(stack.appUrl, installed.appToken);
  const name = username();
  ig('login', { username: name });
  const done = await authorize(http);
  expect(done.status).toBe(200);
  expect(await syncResult(installed.domain)).toBe('synced');
  return { ...installed, http, name };
}

const posts = async (http: ReturnType<typeof client>) => (await http.get('/api/instagram/posts')).body.data as Post[];

test('connect: the state is checked, the token stays on the server, the account is shown; disconnect', async () => {
  const { appToken, domain } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const name = username();
  ig('login', { username: name });

  const forged = await authorize(http, { tamper: (u) => u.searchParams.set('state', 'forged-state-value-of-the-attacker-000') });
  expect(forged.status).toBe(400);
  expect(forged.text).toContain('could not be completed');
  expect((await http.get('/api/instagram')).body.data.status).toBe('never');

  const done = await authorize(http);
  expect(new URL(done.authorizeUrl).pathname).toBe('/hosts/www.instagram.com/oauth/authorize');
  expect(new URL(done.authorizeUrl).searchParams.get('scope')).toBe('instagram_business_basic');
  expect(done.status).toBe(200);
  expect(done.text).toContain(`@${name}`);
  // the same callback again: its state was spent
  expect((await fetch(done.callback)).status).toBe(400);

  const state = (await http.get('/api/instagram')).body;
  expect(state.data).toMatchObject({ status: 'connected', username: name, reason: null });
  const tokens = ig('tokens', { username: name }) as { token: string; long: boolean }[];
  const long = tokens.find((t) => t.long)!;
  expect(JSON.stringify(state)).not.toContain(long.token);
  const row = await stack.api.knex('instagram_accounts').where({ username: name }).first();
  expect(row.tokenSealed).toMatch(/^v1:/);
  expect(row.tokenSealed).not.toContain(long.token);
  // the code was exchanged by a form POST, then for a long-lived token
  const calls = stack.integrations.received
    .filter((r) => r.vendor === 'instagram' && r.host !== 'scontent.cdninstagram.com' && r.at >= 0)
    .map((r) => `${r.method} ${r.host}${r.path} ${r.status}`);
  expect(calls).toEqual(expect.arrayContaining(['POST api.instagram.com/oauth/access_token 200', 'GET graph.instagram.com/access_token 200']));
  expect(await syncResult(domain)).toBe('synced');

  const off = await http.delete('/api/instagram');
  expect(off.status).toBe(200);
  expect(off.body.data).toMatchObject({ status: 'disconnected', reason: null, posts: 0 });
  expect(await posts(http)).toEqual([]);
  expect((await http.post('/api/instagram/sync', {})).status).toBe(409);
});

test('sync: images, a video by its thumbnail and its own MP4, a carousel by its children, re-hosted by us; a re-sync downloads nothing twice and drops a deleted post', async () => {
  const { http, name, domain } = await connectedShop();
  const synced = await posts(http);
  expect(synced.map((p) => p.mediaType).sort()).toEqual(['CAROUSEL_ALBUM', 'IMAGE', 'IMAGE', 'VIDEO']);
  const carousel = synced.find((p) => p.mediaType === 'CAROUSEL_ALBUM')!;
  const video = synced.find((p) => p.mediaType === 'VIDEO')!;
  expect(carousel.pictures).toHaveLength(2);
  expect(video.pictures).toHaveLength(1);
  const cdn = stack.integrations.received.filter((r) => r.host === 'scontent.cdninstagram.com');
  expect(cdn.some((r) => r.path === `/v/${video.mediaId}_thumb.jpg`)).toBe(true);
  // the video itself, ours now, answering byte ranges for the player; only the video post has one
  expect(cdn.some((r) => r.path === `/v/${video.mediaId}.mp4`)).toBe(true);
  expect(video.videoUrl).toMatch(/^\/instagram\/media\/[0-9a-f-]+\.mp4$/);
  expect(synced.filter((p) => p.videoUrl).map((p) => p.mediaId)).toEqual([video.mediaId]);
  const clip = await fetch(`${stack.appUrl}${video.videoUrl}`, { headers: { Range: 'bytes=0-11' } });
  expect([clip.status, clip.headers.get('content-type')]).toEqual([206, 'video/mp4']);
  expect(
    Buffer.from(await clip.arrayBuffer())
      .subarray(4, 8)
      .toString('latin1'),
  ).toBe('ftyp');
  for (const p of synced) {
    for (const picture of p.pictures) {
      expect(picture.url).toMatch(/^\/instagram\/media\/[0-9a-f-]+\.jpg$/);
      expect(picture.variants.map((v) => v.width)).toEqual([320, 640, 1080]);
      const res = await fetch(`${stack.appUrl}${picture.variants[0].url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(320);
    }
  }
  expect(JSON.stringify(synced)).not.toContain('cdninstagram');

  const downloads = () => stack.integrations.received.filter((r) => r.host === 'scontent.cdninstagram.com').length;
  const before = downloads();
  const added = ig('addMedia', { username: name, media_type: 'IMAGE', caption: 'New arrival' });
  const removed = synced.find((p) => p.mediaType === 'IMAGE')!;
  ig('removeMedia', { username: name, id: removed.mediaId });
  expect((await http.post('/api/instagram/sync', {})).status).toBe(202);
  expect(await syncResult(domain)).toBe('synced');
  expect(downloads()).toBe(before + 1);
  const after = await posts(http);
  expect(after.map((p) => p.mediaId)).toContain(added.id);
  expect(after.map((p) => p.mediaId)).not.toContain(removed.mediaId);
  expect(after).toHaveLength(4);
  expect((await fetch(`${stack.appUrl}${removed.pictures[0].url}`)).status).toBe(404);
  expect((await fetch(`${stack.appUrl}${video.videoUrl}`)).status).toBe(200);
  expect((await http.get('/api/instagram')).body.data).toMatchObject({ syncStatus: 'idle', posts: 4 });
});

test('hide and tag a post; another shop can neither see nor change it', async () => {
  const { http, domain } = await connectedShop();
  const [post] = await posts(http);
  const product = stack.emulator.store.shop(domain)!.products[0];
  const productId = `gid://shopify/Product/${product.id}`;

  const hidden = await http.put(`/api/instagram/posts/${post.id}`, { hidden: true, productIds: [productId] });
  expect(hidden.status).toBe(200);
  expect(hidden.body.data).toMatchObject({ hidden: true, products: [{ id: productId, title: product.title, handle: product.handle }] });
  expect((await posts(http)).find((p) => p.id === post.id)).toMatchObject({ hidden: true });

  expect((await http.put(`/api/instagram/posts/${post.id}`, { productIds: ['gid://shopify/Product/1'] })).status).toBe(400);
  expect((await http.put(`/api/instagram/posts/${post.id}`, { productIds: ['not a product'] })).status).toBe(400);
  expect((await http.put(`/api/instagram/posts/${post.id}`, { colour: 'red' })).status).toBe(400);
  expect((await http.put('/api/instagram/posts/abc', { hidden: false })).status).toBe(404);

  const other = await stack.installShop();
  const otherHttp = client(stack.appUrl, other.appToken);
  expect(await posts(otherHttp)).toEqual([]);
  expect((await otherHttp.put(`/api/instagram/posts/${post.id}`, { hidden: false })).status).toBe(404);
  const otherProduct = `gid://shopify/Product/${stack.emulator.store.shop(other.domain)!.products[0].id}`;
  expect((await http.put(`/api/instagram/posts/${post.id}`, { productIds: [otherProduct] })).status).toBe(400);
  expect((await posts(http)).find((p) => p.id === post.id)).toMatchObject({ hidden: true, products: [{ id: productId }] });
});

test('the refresh schedule renews a token issued 55 days ago, and the next sync uses the new one', async () => {
  const { http, name, domain, shop } = await connectedShop();
  const old = (ig('tokens', { username: name }) as { token: string; long: boolean }[]).find((t) => t.long)!.token;
  await stack.api
    .knex('instagram_accounts')
    .where({ shopId: shop.id })
    .update({ tokenIssuedAt: new Date(Date.now() - 55 * 86_400_000) });
  const before = Date.now();
  const outcomes = await gateway().execute(InstagramRefreshTokens, {
    workflowId: `instagram-refresh-test-${Date.now()}`,
    taskQueue: stack.api.config.temporal.taskQueue,
    args: [],
  });
  expect(outcomes[domain]).toBe('refreshed');
  const row = await stack.api.knex('instagram_accounts').where({ shopId: shop.id }).first();
  expect(new Date(row.tokenIssuedAt).getTime()).toBeGreaterThanOrEqual(before);
  expect(new Date(row.tokenExpiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
  const refreshed = stack.integrations.received.filter((r) => r.path === '/refresh_access_token' && r.query.access_token === old);
  expect(refreshed.map((r) => r.status)).toEqual([200]);

  const fresh = (ig('tokens', { username: name }) as { token: string; long: boolean; issuedAt: number }[])
    .filter((t) => t.long)
    .sort((a, b) => b.issuedAt - a.issuedAt)[0].token;
  expect(fresh).not.toBe(old);
  await http.post('/api/instagram/sync', {});
  expect(await syncResult(domain)).toBe('synced');
  const last = stack.integrations.received.filter((r) => r.path.endsWith('/me/media')).pop()!;
  expect(last.query.access_token).toBe(fresh);
});

test('a rate-limited call is retried', async () => {
  const { http, domain } = await connectedShop();
  const since = stack.integrations.received.length;
  ig('rateLimit', { count: 1, code: 4 });
  expect((await http.post('/api/instagram/sync', {})).status).toBe(202);
  expect(await syncResult(domain)).toBe('synced');
  const media = stack.integrations.received.slice(since).filter((r) => r.path.endsWith('/me/media'));
  expect(media.map((r) => r.status)).toEqual([403, 200]);
  expect((await http.get('/api/instagram')).body.data.status).toBe('connected');
});

test('an expired token disconnects the account with its reason and mails the merchant once', async () => {
  const { http, name, domain, shop } = await connectedShop();
  ig('expire', { username: name });
  await http.post('/api/instagram/sync', {});
  expect(await syncResult(domain)).toBe('expired');
  const state = (await http.get('/api/instagram')).body.data;
  expect(state).toMatchObject({ status: 'disconnected', reason: 'Instagram access token expired (code 190, subcode 463)' });
  const subject = `Instagram was disconnected from ${shop.name}`;
  const mails = await eventually(async () => {
    const found = listMail(process.env.DATA_DIR!).filter((m) => m.subject === subject);
    return found.length > 0 && found;
  });
  expect(mails).toHaveLength(1);
  // the posts stay on the storefront until the merchant connects again or disconnects
  expect(await posts(http)).toHaveLength(4);

  // another run finds it disconnected: nothing more is sent
  const again = await gateway().execute(InstagramSync, {
    workflowId: `instagram-sync-again-${Date.now()}`,
    taskQueue: stack.api.config.temporal.taskQueue,
    args: [{ shopId: shop.id, shopDomain: domain }],
  });
  expect(again).toBe('not_connected');
  expect((await http.post('/api/instagram/sync', {})).status).toBe(409);
  expect(listMail(process.env.DATA_DIR!).filter((m) => m.subject === subject)).toHaveLength(1);
});

test('the storefront feed through the app proxy: visible posts only, our pictures, a tagged post opening its product, the product page filter', async () => {
  const { http, domain } = await connectedShop();
  const synced = await posts(http);
  // the carousel hidden, a picture tagged, the video left as it is
  const hidden = synced.find((p) => p.mediaType === 'CAROUSEL_ALBUM')!;
  const tagged = synced.find((p) => p.mediaType === 'IMAGE')!;
  const product = stack.emulator.store.shop(domain)!.products[0];
  await http.put(`/api/instagram/posts/${hidden.id}`, { hidden: true });
  await http.put(`/api/instagram/posts/${tagged.id}`, { productIds: [`gid://shopify/Product/${product.id}`] });
  const feed = (query: string) => fetch(`${stack.emulator.url}/shops/${domain}/apps/plaudit/instagram/feed?${query}`);

  const grid = await feed('layout=grid');
  expect(grid.status).toBe(200);
  const html = await grid.text();
  expect(html).toContain('class="plaudit-ig__grid"');
  expect(html).not.toContain(`data-media="${hidden.mediaId}"`);
  expect(html.match(/data-media="/g)).toHaveLength(3);
  expect(html).toContain(`href="/products/${product.handle}" data-media="${tagged.mediaId}" data-product="gid://shopify/Product/${product.id}"`);
  expect(html).toContain(`${stack.appUrl}/instagram/media/`);
  expect(html).not.toContain('cdninstagram');
  // the video post (neither hidden nor tagged here) plays our copy in place
  const video = synced.find((p) => p.mediaType === 'VIDEO')!;
  expect(html).toMatch(
    new RegExp(
      `<div class="plaudit-ig__post" data-media="${video.mediaId}"><video src="${stack.appUrl}${video.videoUrl}" poster="${stack.appUrl}/instagram/media/[^"]+\\.jpg" controls preload="none" playsinline`,
    ),
  );
  expect(html).not.toMatch(/<video[^>]*autoplay/);
  expect(await (await feed('layout=carousel')).text()).toContain('class="plaudit-ig__carousel"');

  const onProduct = await (await feed(`product_id=${product.id}`)).text();
  expect(onProduct.match(/data-media="/g)).toHaveLength(1);
  expect(await (await feed(`product_id=${stack.emulator.store.shop(domain)!.products[1].id}`)).text()).toBe('');
  expect((await feed('product_id=abc')).status).toBe(400);
  // not through Shopify's signed proxy: refused
  expect((await fetch(`${stack.appUrl}/storefront/proxy/instagram/feed?shop=${domain}`)).status).toBe(401);
});
