// The kernel's own workflows (a store webhook, a durable event, the outbox sweep) and the integrations
// a review reaches (Klaviyo, Omnisend, Smile.io, Shopify Flow, through the integrations emulator):
// delivered with a good key, then 'revoked' with the key withdrawn. Instagram: the first sync, the
// scheduled sync and token refresh, and an expired token.
import crypto from 'node:crypto';
import { ReviewCreated } from '../../../contracts/reviews';
import { until } from '../recorder';
import { email, uniq, type Context, type Http, type Scenario } from './context';

/** A store webhook, handled by the kernel and the plugins; the outbox sweep, as its schedule starts it. */
const kernel: Scenario = {
  types: ['processWebhook', 'outboxSweep'],
  async run(ctx) {
    const { domain } = await ctx.shop();
    await ctx.order(domain);
    const [webhook] = await ctx.rec.findAll('processWebhook', `webhook:${domain}:`);
    await ctx.rec.ended('order-webhook', webhook);
    await ctx.rec.ended('every-minute', await ctx.start('outboxSweep', uniq('outbox-sweep')));
  },
};

const SMILE_TOKEN = 'activity_f57a9b5a8d0ac5';

/**
 * A shop connected to each integration with a fresh key of the integrations emulator, holding new
 * reviews for moderation: a review's submission and its publication are separate events, so one
 * delivery at a time meets a withdrawn key (two at once race to disconnect, and one of them mails).
 */
async function connectedShop(ctx: Context) {
  const s = await ctx.shop({ email: email('merchant') });
  const keys = {
    klaviyo: `pk_${crypto.randomBytes(16).toString('hex')}`,
    omnisend: `omni-${crypto.randomBytes(12).toString('hex')}`,
    smile: `api_${crypto.randomBytes(6).toString('hex')}`,
  };
  for (const [vendor, key] of Object.entries(keys)) ctx.stack.integrations.control(vendor, 'key', { key });
  const put = async (http: Http, path: string, body: object) => {
    const res = await http.put(path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await put(s.http, '/api/reviews/settings', { autoPublish: 'hold' });
  await put(s.http, '/api/integrations/klaviyo', { privateKey: keys.klaviyo });
  await put(s.http, '/api/integrations/omnisend', { apiKey: keys.omnisend });
  await put(s.http, '/api/integrations/smile', { privateKey: keys.smile, activityToken: SMILE_TOKEN });
  await put(s.http, '/api/integrations/flow', {});
  return { ...s, keys };
}

/** A review submitted (Klaviyo's and Omnisend's deliveries), then published by the merchant (Smile.io's points). */
async function recordDeliveries(ctx: Context, shop: { domain: string; productId: string; http: Http }, name: string) {
  const reviewId = await ctx.review(shop.domain, shop.productId, { rating: 5, email: email('reviewer') });
  await ctx.rec.ended(name, await ctx.rec.get(`klaviyo:${shop.domain}:review-submitted:${reviewId}`));
  await ctx.rec.ended(name, await ctx.rec.get(`omnisend:${shop.domain}:${ReviewCreated.name}:${reviewId}`));
  if ((await shop.http.post(`/api/reviews/${reviewId}/publish`)).status !== 200) throw new Error('publish refused');
  await ctx.rec.ended(name, await ctx.rec.get(`smile:${shop.domain}:review:${reviewId}`));
  return reviewId;
}

const integrations: Scenario = {
  types: ['deliverEvent', 'klaviyoDeliver', 'omnisendEvent', 'smileReviewPoints', 'flowFireTrigger'],
  async run(ctx) {
    const shop = await connectedShop(ctx);
    const first = await recordDeliveries(ctx, shop, 'delivered');
    await ctx.rec.ended('review-created', await ctx.rec.get(`event:${ReviewCreated.name}:${first}`));
    await ctx.rec.ended('review-created-fired', await ctx.rec.get(`flow:${shop.domain}:review-created:${first}`));

    for (const [vendor, key] of Object.entries(shop.keys)) ctx.stack.integrations.control(vendor, 'revoke', { key });
    await recordDeliveries(ctx, shop, 'revoked');
  },
};

// ---- Instagram ----

const ig = (ctx: Context, action: string, body: unknown = {}) => ctx.stack.integrations.control('instagram', action, body) as any;

/** The merchant's browser: our connect call, Instagram's window, Allow, and back to our callback. */
async function connectInstagram(ctx: Context, http: Http): Promise<string> {
  const username = `shop.${Math.random().toString(36).slice(2, 8)}`;
  ig(ctx, 'login', { username });
  const { body } = await http.post('/api/instagram/connect', {});
  const authorizeUrl: string = body.data.authorizeUrl;
  const page = await (await fetch(authorizeUrl)).text();
  const allow = new URL(/id="allow" href="([^"]+)"/.exec(page)![1].replace(/&amp;/g, '&'), authorizeUrl);
  const back = await fetch(allow, { redirect: 'manual' });
  const res = await fetch(back.headers.get('location')!);
  if (res.status !== 200) throw new Error(`instagram connect: ${res.status}`);
  return username;
}

const instagram: Scenario = {
  types: ['instagramSync', 'instagramSyncAll', 'instagramRefreshTokens'],
  async run(ctx) {
    const { domain, shop, http } = await ctx.shop({ email: email('merchant') });
    const username = await connectInstagram(ctx, http);
    const syncOf = () => ctx.temporal.workflow.getHandle(`instagram-sync:${domain}`);
    await ctx.rec.ended('synced', await ctx.rec.get(syncOf().workflowId));

    // the refresh schedule's run renews a token issued 55 days ago
    await ctx
      .knex('instagram_accounts')
      .where({ shopId: shop.id })
      .update({ tokenIssuedAt: new Date(Date.now() - 55 * 86_400_000) });
    await ctx.rec.ended('one-token-renewed', await ctx.start('instagramRefreshTokens', uniq('instagram-refresh')));
    await ctx.rec.ended('every-shop', await ctx.start('instagramSyncAll', uniq('instagram-sync-all')));
    const scheduled = await until('the scheduled sync to end', async () => {
      const d = await syncOf().describe();
      return d.status.name !== 'RUNNING' && d.runId;
    });

    ig(ctx, 'expire', { username });
    await http.post('/api/instagram/sync', {});
    const expired = await until('the sync after the expiry', async () => {
      const d = await syncOf().describe();
      return d.runId !== scheduled && d.status.name !== 'RUNNING' && ctx.temporal.workflow.getHandle(d.workflowId, d.runId);
    });
    if ((await expired.result()) !== 'expired') throw new Error('the sync after the expiry did not end expired');
    await ctx.rec.ended('token-expired', expired);
  },
};

export const integrationScenarios = { kernel, integrations, instagram };
