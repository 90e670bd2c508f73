// The storefront submit form's endpoint (the submit-form widget posts here):
//   POST /storefront/proxy/reviews            through Shopify's app proxy: signed, may name a logged-in customer
//   POST /storefront/reviews?shop=<domain>    direct from the shop's storefront origin: guests only, open CORS
// Answers 201 { success, data: { id, status } }; status 'published' or 'pending' (awaiting moderation).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../../../../api/http/types';
import { SHOP_DOMAIN } from '../../../../api/http/security';
import { tenantFor } from '../../../../api/auth/tenant';
import { verifyAppProxy, type AppProxyContext } from '../../../../api/platform/app-proxy';
import type { ApiServices } from '../../../../api/plugins/types';
import { Review } from '../review.model';
import { readSettings } from '../settings';
import { storeImage } from './media';
import { RateLimit } from './rate-limit';
import { saveCollectedReview } from './save-review';
import { looksLikeSpam } from './spam';
import { findProduct, findReviewer, type Purchase, type Reviewer } from './storefront-platform';
import { INVALID, readSubmission, REQUIRED, validateSubmission } from './submission';

export const NOT_ELIGIBLE_GUEST = 'Only customers who bought this product can write a review. Please log in to your account first.';
export const NOT_ELIGIBLE_CUSTOMER = 'Only customers who bought this product can write a review.';
export const RATE_LIMITED = 'Too many reviews were sent from here. Please try again in a few minutes.';
const TRY_AGAIN = 'The store could not be reached. Please try again in a moment.';

/** Any storefront origin may post; no cookies or credentials are involved. */
const openCors: Middleware<AppState> = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.remove('Access-Control-Allow-Credentials');
  await next();
};

export function storefrontRoutes(services: ApiServices, limiter = new RateLimit(10, 10 * 60_000)) {
  const { config, knex, platform, temporal } = services;
  const router = new Router<AppState>();

  async function submit(ctx: AppContext, shopDomain: string, customerId: string | null, ip: string) {
    // tenancy: the shop comes from the app proxy's signature or the direct route's shop parameter
    const shop = await knex('shops').where({ shopifyDomain: shopDomain }).whereNull('uninstalledAt').first();
    if (!shop) throw createHttpError(404, 'Shop not found');
    if (shop.appStatus === false) throw createHttpError(403, 'Reviews are turned off for this store', { code: 'APP_DISABLED' });
    const raw = await readSubmission(ctx);

    // Both counters count every attempt: one address cannot send many emails' reviews, nor one
    // email come from many addresses. Reviews accepted before the limit stay stored.
    const emailKey = (raw.fields.email ?? '').trim().toLowerCase();
    const ipAllowed = limiter.allow(`${shop.id}:ip:${ip}`);
    const emailAllowed = !emailKey || limiter.allow(`${shop.id}:email:${emailKey}`);
    if (!ipAllowed || !emailAllowed) throw createHttpError(429, RATE_LIMITED, { code: 'RATE_LIMITED', headers: { 'Retry-After': '600' } });

    // A filled honeypot is a bot: answer like a success and keep nothing.
    if (raw.fields.website?.trim()) {
      ctx.status = 201;
      ctx.body = { success: true, data: { id: 0, status: 'pending' } };
      return;
    }

    const tenant = tenantFor(shop.id, shop.shopifyDomain);
    const settings = await readSettings(tenant);
    if (!customerId && settings.customerEligibility === 'buyers') throw createHttpError(403, NOT_ELIGIBLE_GUEST, { code: 'CUSTOMER_NOT_ELIGIBLE' });
    const { value, errors } = validateSubmission(raw, { emailRequired: !customerId });
    if (!value) throw createHttpError(400, 'Validation failed', { errors });

    const product = value.productId && platform ? await findProduct(platform, shop.shopifyDomain, value.productId).catch(() => { throw createHttpError(503, TRY_AGAIN); }) : null;
    if (value.productId && platform && !product) throw createHttpError(400, 'Validation failed', { errors: { productId: INVALID } });

    let reviewer: Reviewer | null = null;
    if (customerId && platform) {
      reviewer = await findReviewer(platform, shop.shopifyDomain, customerId, value.productId).catch((err) => {
        // Without the store's answer a buyers-only shop cannot decide; an open shop stores it unverified.
        if (settings.customerEligibility === 'buyers') throw createHttpError(503, TRY_AGAIN);
        ctx.state.log.warn({ err: (err as Error).message }, 'could not check the customer\'s orders');
        return null;
      });
    }
    if (customerId && settings.customerEligibility === 'buyers' && !reviewer?.purchases.length) throw createHttpError(403, NOT_ELIGIBLE_CUSTOMER, { code: 'CUSTOMER_NOT_ELIGIBLE' });
    const email = value.email ?? reviewer?.email ?? null;
    if (!email) throw createHttpError(400, 'Validation failed', { errors: { email: REQUIRED } });

    // Verified: a purchase whose line item has no review yet (one review per line item, as with links).
    let purchase: Purchase | undefined;
    if (reviewer?.purchases.length) {
      const lineItems = reviewer.purchases.map((p) => p.lineItemId).filter((id): id is string => !!id);
      const reviewed = lineItems.length ? await tenant.query(Review).whereIn('lineItemId', lineItems).select('lineItemId') : [];
      const taken = new Set(reviewed.map((r) => r.lineItemId));
      purchase = reviewer.purchases.find((p) => !p.lineItemId || !taken.has(p.lineItemId));
    }

    const held = settings.autoPublish !== 'all' || looksLikeSpam(`${value.title ?? ''} ${value.content}`);
    const media = value.images.map((img) => ({ type: 'image' as const, url: storeImage(config.dataDir, img) }));
    const review = await saveCollectedReview(services, tenant, {
      kind: value.kind, productId: value.productId, productTitle: product?.title ?? null, productHandle: product?.handle ?? null,
      rating: value.rating, title: value.title, content: value.content, firstName: value.firstName, lastName: value.lastName, email,
      customerId: reviewer?.customerGid ?? (customerId ? `gid://shopify/Customer/${customerId}` : null),
      orderId: purchase?.orderId ?? null, lineItemId: purchase?.lineItemId ?? null, media,
      source: customerId ? 'customer' : 'guest', verified: !!purchase, imported: false,
      status: held ? 'pending' : 'published', publishedAt: held ? null : new Date(),
    });
    // The order's request workflow stops reminding once its product is reviewed; a review without
    // photos may get the photo reminder.
    const payload = { reviewId: review.id, hasPhotos: media.length > 0 };
    if (purchase) await temporal.client.workflow.getHandle(`review-request:${shop.shopifyDomain}:${purchase.orderId}`).signal('reviewed', payload).catch(() => undefined);
    ctx.status = 201;
    ctx.body = { success: true, data: { id: review.id, status: review.status } };
  }

  const secret = config.shopify.apiSecret;
  if (secret) {
    router.post('/storefront/proxy/reviews', verifyAppProxy(secret) as unknown as Middleware<AppState>, async (ctx) => {
      const { proxy } = ctx.state as AppState & { proxy: AppProxyContext };
      // Shopify calls us for the shopper and passes their address on; the request itself is signed.
      const ip = ctx.get('x-forwarded-for').split(',')[0]?.trim() || ctx.ip;
      await submit(ctx, proxy.shopDomain, proxy.loggedInCustomerId, ip);
    });
  }

  router.options('/storefront/reviews', openCors, (ctx) => {
    ctx.status = 204;
  });
  router.post('/storefront/reviews', openCors, async (ctx) => {
    const shop = typeof ctx.query.shop === 'string' ? ctx.query.shop : '';
    if (!SHOP_DOMAIN.test(shop)) throw createHttpError(400, 'Validation failed', { errors: { shop: 'Invalid domain' } });
    await submit(ctx, shop, null, ctx.ip);
  });

  return router;
}
