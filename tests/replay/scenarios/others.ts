// The other plugins' workflows: analytics, imports, outgoing webhooks (public-api), the questions
// digest, translations, video reviews and the widgets' snapshots. The schedules' workflows are started
// here by type name, with the arguments their schedules give.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { appProxySignature } from '../../../api/platform/app-proxy';
import { EMULATOR_API_SECRET } from '../../support/platform';
import { apertiumDouble } from '../../../plugins/translations/tests/self-hosted-doubles';
import { makeVideo, writeLinkFor } from '../../../plugins/video-reviews/tests/helpers';
import { digestWaitingQuery, sendDigestNowSignal } from '../../../plugins/questions/workflows/messages';
import { bulkProgressQuery } from '../../../plugins/translations/workflows/messages';
import { email, uniq, type Context, type Scenario } from './context';

const analytics: Scenario = {
  types: ['analyticsRebuild', 'analyticsFoldChanges'],
  async run(ctx) {
    const { domain, http: admin } = await ctx.shop();
    // a shop seen for the first time gets its history counted
    await admin.get('/api/analytics/overview');
    await ctx.rec.ended('first-visit', await ctx.rec.find('analyticsRebuild', domain));
    await ctx.rec.ended('every-minute', await ctx.start('analyticsFoldChanges', uniq('analytics-fold')));
  },
};

const imports: Scenario = {
  types: ['importReviews'],
  async run(ctx) {
    const { domain, appToken, http: admin, productHandle } = await ctx.shop({ plan: 'pro' });
    const header = 'product_handle,state,rating,title,author,email,location,body,reply,created_at,replied_at';
    const rows = [1, 2].map((n) =>
      [
        productHandle,
        'published',
        '5',
        `Title ${n}`,
        `Ann Lee${n}`,
        `ann${n}@example.com`,
        'Berlin',
        `Body ${n}`,
        '',
        '2024-03-0' + n + ' 10:00:00 UTC',
        '',
      ].join(','),
    );
    const form = new FormData();
    form.append('file', new Blob([[header, ...rows].join('\r\n') + '\r\n']), 'reviews.csv');
    const up = await fetch(`${ctx.stack.appUrl}/api/imports/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${appToken}` } });
    const file = ((await up.json()) as { data: { id: number; format: string; mapping: object } }).data;
    const started = await admin.post(`/api/imports/${file.id}/start`, { format: file.format, mapping: file.mapping });
    if (started.status !== 200) throw new Error(`import start: ${started.status} ${JSON.stringify(started.body)}`);
    await ctx.rec.ended('two-rows', await ctx.rec.find('importReviews', `${domain}:${file.id}`));
  },
};

/** A local endpoint: `/ok/...` answers 200, anything else 503. */
async function receiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(req.url?.startsWith('/ok/') ? 200 : 503).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

const webhooks: Scenario = {
  types: ['deliverWebhook', 'webhooksPurgeDeliveries'],
  async run(ctx) {
    const endpoint = await receiver();
    try {
      // retries in milliseconds instead of hours: the `public-api.webhooks` timing, as the plugin's tests set it
      const timing = { retryInitialMs: 200, retryMaxMs: 1000, retryWindowMs: 3000 };
      for (const [name, target] of [
        ['delivered', '/ok/reviews'],
        ['endpoint-down-disabled', '/down/reviews'],
      ]) {
        const { domain, http: admin } = await ctx.shop({ plan: 'enterprise', email: email('merchant'), settings: { 'public-api.webhooks': timing } });
        const sub = await admin.post('/api/webhooks', { url: endpoint.url + target, topics: ['review.created'] });
        if (sub.status !== 201) throw new Error(`webhook subscription: ${sub.status} ${JSON.stringify(sub.body)}`);
        await admin.post('/api/reviews', {
          rating: 5,
          content: 'Lovely fabric, fits well.',
          productId: 'gid://shopify/Product/7001',
          firstName: 'Ann',
          status: 'published',
        });
        await ctx.rec.ended(name, await ctx.rec.find('deliverWebhook', domain));
      }
    } finally {
      await endpoint.close();
    }
    await ctx.rec.ended('hourly', await ctx.start('webhooksPurgeDeliveries', uniq('webhooks-purge')));
  },
};

/** A shopper's question through the app proxy, signed as Shopify signs it. */
async function ask(ctx: Context, domain: string, productId: string, question: string) {
  const params: Record<string, string> = {
    shop: domain,
    logged_in_customer_id: '',
    path_prefix: '/apps/plaudit',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const qs = new URLSearchParams({ ...params, signature: appProxySignature(params, EMULATOR_API_SECRET) });
  const res = await fetch(`${ctx.stack.appUrl}/storefront/proxy/questions?${qs}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.51' },
    body: JSON.stringify({ productId, name: 'Quinn Asker', email: email('quinn'), question }),
  });
  if (res.status !== 201) throw new Error(`question: ${res.status} ${await res.text()}`);
}

const questions: Scenario = {
  types: ['questionDigest'],
  async run(ctx) {
    const owner = email('owner');
    const { domain, productId, http: admin } = await ctx.shop({ email: owner });
    await admin.put('/api/questions/settings', { notifyEvery: 'hourly' });
    await ask(ctx, domain, productId, 'Is the mug safe in the dishwasher?');
    // the first question's event starts the shop's digest, collecting for an hour
    const digest = await ctx.rec.find('questionDigest', domain);
    const waiting = () => digest.query(digestWaitingQuery);
    await ctx.rec.waiting('collecting', digest, async () => (await waiting()).length === 1);
    await digest.signal(sendDigestNowSignal);
    await ctx.rec.waiting('sent-now', digest, async () => ctx.mailTo(owner).length === 1 && (await waiting()).length === 0);
  },
};

const translations: Scenario = {
  types: ['translateReviewsInto', 'translationsDetectLanguages'],
  async run(ctx) {
    const apy = await apertiumDouble();
    try {
      const providers = { provider: 'apertium', autoTranslate: false, apertium: { url: apy.url } };
      const {
        domain,
        shop,
        http: admin,
      } = await ctx.shop({ plan: 'advanced', fields: { installedAt: new Date('2025-01-01') }, settings: { 'translations.providers': providers } });
      for (const content of [
        'El producto es muy bueno y llegó rápido.',
        'La taza es bonita y el color es precioso.',
        'The mug is lovely and the colour is great.',
      ]) {
        await admin.post('/api/reviews', { rating: 5, content, productId: 'gid://shopify/Product/9101', firstName: 'Ana', status: 'published' });
      }
      // the Spanish reviews into English
      await admin.post('/api/translations/bulk', { language: 'en' });
      await ctx.rec.ended('completed', await ctx.rec.find('translateReviewsInto', `${domain}:en`));

      // the English one into Spanish with the provider down: the run waits out the outage (30 s) and tries the same page again
      apy.down = true;
      await admin.post('/api/translations/bulk', { language: 'es' });
      const spanish = await ctx.rec.find('translateReviewsInto', `${domain}:es`);
      const state = async () => (await spanish.query(bulkProgressQuery)).state;
      await ctx.rec.waiting('provider-down-waiting', spanish, async () => (await state()) === 'waiting');
      apy.down = false;
      await ctx.rec.ended('provider-back-completed', spanish);

      await ctx.rec.ended('one-shop', await ctx.start('translationsDetectLanguages', uniq('detect-languages'), [{ shopId: shop.id }]));
    } finally {
      await apy.stop();
    }
  },
};

const video: Scenario = {
  types: ['transcodeReviewVideo', 'videoUploadsCleanup'],
  async run(ctx) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-record-video-'));
    try {
      const { domain, url } = await writeLinkFor(ctx.stack);
      const page = await (await fetch(url)).text();
      const endpoint = ctx.stack.appUrl + new URL(/data-endpoint="([^"]+)"/.exec(page)![1]).pathname;
      const ticket = /data-ticket="([^"]+)"/.exec(page)![1];
      const { bytes } = await makeVideo(dir, 'two.mp4', 2);
      const b64 = (s: string) => Buffer.from(s).toString('base64');
      const created = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': `ticket ${b64(ticket)},filetype ${b64('video/mp4')}` },
      });
      const location = ctx.stack.appUrl + new URL(created.headers.get('location')!).pathname;
      await fetch(location, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      });
      const uploadId = location.split('/').pop()!;
      const form = new FormData();
      for (const [k, v] of Object.entries({
        rating: '5',
        content: 'Watch it pour: no drips at all.',
        firstName: 'Ann',
        video: uploadId,
        videoCaption: 'Pouring coffee',
      }))
        form.append(k, v);
      const sent = await fetch(url, { method: 'POST', body: form });
      if (sent.status !== 200) throw new Error(`review with video: ${sent.status}`);
      await ctx.rec.ended('ready', await ctx.rec.find('transcodeReviewVideo', `${domain}:${uploadId}`), 180_000);
      // an upload that is gone by the time the worker gets to it
      const { shop } = await ctx.stack.installShop();
      const gone = { shopId: shop.id, shopDomain: shop.shopifyDomain, uploadId: `gone-${Date.now()}` };
      await ctx.rec.ended('upload-gone', await ctx.start('transcodeReviewVideo', `video:${gone.shopDomain}:${gone.uploadId}`, [gone]));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await ctx.rec.ended('hourly', await ctx.start('videoUploadsCleanup', uniq('video-uploads-cleanup')));
  },
};

const widgets: Scenario = {
  types: ['widgetsSnapshotSync'],
  async run(ctx) {
    const { domain, shop, productId } = await ctx.shop();
    await ctx.review(domain, productId, { rating: 5, email: email('snap') });
    await ctx.rec.ended('one-shop', await ctx.start('widgetsSnapshotSync', uniq('widgets-snapshot-sync'), [{ shopId: shop.id }]));
  },
};

const syndication: Scenario = {
  types: ['syndicationBackfill'],
  async run(ctx) {
    const { domain, http: admin, productId } = await ctx.shop({ plan: 'pro' });
    const product = ctx.stack.emulator.store.shop(domain)!.products[0];
    const review = (n: number) =>
      admin.post('/api/reviews', {
        productId,
        productTitle: product.title,
        productHandle: product.handle,
        rating: 5,
        title: `Good ${n}`,
        content: 'Fits well.',
        firstName: 'Ann',
        lastName: 'Lee',
        status: 'published',
      });
    // two pages (50 each) and a drained bucket: the run waits for the refill between them
    for (let n = 0; n < 60; n += 10) await Promise.all(Array.from({ length: 10 }, (_, i) => review(n + i)));
    ctx.stack.emulator.store.buckets.set(domain, { available: 0, at: Date.now(), size: 2000, restoreRate: 100 });
    await admin.put('/api/syndication/settings', { shopifyEnabled: true });
    await ctx.rec.ended('paced', await ctx.rec.find('syndicationBackfill', domain), 180_000);

    // a newer re-sync while the older one is held on its first page: the older stops
    await ctx.stack.control(`/shops/${domain}/throttle`, { count: 1000 });
    const older = (await admin.post<{ run: string }>('/api/syndication/resync', { channel: 'shopify' })).body.run;
    await admin.post('/api/syndication/resync', { channel: 'shopify' });
    await ctx.stack.control(`/shops/${domain}/throttle`, { count: 0 });
    await ctx.rec.ended('superseded', await ctx.rec.find('syndicationBackfill', older), 180_000);
  },
};

const syndicationGoogle: Scenario = {
  types: ['syndicationGoogleBackfill'],
  async run(ctx) {
    const { domain, http: admin, productId } = await ctx.shop({ plan: 'pro' });
    const product = ctx.stack.emulator.store.shop(domain)!.products[0];
    for (let n = 0; n < 60; n += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          admin.post('/api/reviews', {
            productId,
            productTitle: product.title,
            rating: 4,
            content: `Fits ${n + i}.`,
            firstName: 'Ann',
            lastName: 'Lee',
            status: 'published',
          }),
        ),
      );
    // a service account of the Google double, connected: the connect starts the re-sync; two pages,
    // the first meeting a spent quota (429s), so the run waits before the second
    const keys = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const account = { clientEmail: `record@${uniq('sa')}.iam.gserviceaccount.com`, accountId: '4242', dataSourceId: '77' };
    ctx.stack.integrations.control('google-merchant', 'serviceAccount', { ...account, publicKey: keys.publicKey });
    await admin.put('/api/integrations/google-merchant', { ...account, privateKey: keys.privateKey });
    ctx.stack.integrations.control('google-merchant', 'throttle', { count: 2 });
    await ctx.rec.ended('paced', await ctx.rec.find('syndicationGoogleBackfill', domain), 180_000);
  },
};

export const otherScenarios = { analytics, imports, webhooks, questions, translations, video, widgets, syndication, syndicationGoogle };
