// A review a shopper sends from a public form: the storefront submit form (storefront-routes.ts) and,
// through the `ReviewWrite` capability (`submitGuest`), other plugins' public pages (a QR card's product page).
// One path for all of them: the shop's switch, rate limits, honeypot, eligibility, validation, the
// purchase check, spam hold and moderation. Throws http-errors; 400s carry per-field `errors`.
import createHttpError from 'http-errors';
import { type ApiServices, type AppContext, hitAll, RateLimit, type Tenant } from '@plaudit/kernel';
import { Review } from '../../db/review.model';
import type { GuestReview } from '@plaudit/contracts/reviews';
import { ReviewVideos } from '@plaudit/contracts/video-reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { reviewSettingsOf } from '../../shared/settings';
import { PER_SHOP, reviewerLimits } from './rate-limit';
import { saveCollectedReview } from './save-review';
import { looksLikeSpam } from './spam';
import { findProduct, findReviewer, type Purchase, type Reviewer } from './storefront-platform';
import { INVALID, readSubmission, REQUIRED, UPLOAD_LIMIT, validateSubmission } from './submission';
import { MAX_PHOTOS, storeImage } from './media';

export const NOT_ELIGIBLE_GUEST = 'Only customers who bought this product can write a review. Please log in to your account first.';
export const NOT_ELIGIBLE_CUSTOMER = 'Only customers who bought this product can write a review.';
export const RATE_LIMITED = 'Too many reviews were sent from here. Please try again in a few minutes.';
export const APP_DISABLED = 'Reviews are turned off for this store';
const TRY_AGAIN = 'The store could not be reached. Please try again in a moment.';

export interface SubmitOptions {
  /** a page about one product (a QR card's) names it itself: the form cannot change it */
  productId?: string;
  /** the text fields as sent, for a page that shows its form again with the errors */
  received?: (fields: Record<string, string>) => void;
  /** the other plugin's page the review is written on ('qr': a QR card's), kept for analytics */
  via?: 'qr';
}

/** `customerId`: the logged-in customer the app proxy names, null for a guest. */
export function reviewSubmitter(services: ApiServices) {
  const { config, knex, platform, shops } = services;
  const reviewSettings = reviewSettingsOf(services.settings);
  const limits = reviewerLimits(knex, 'storefront');
  const perShop = new RateLimit(knex, 'storefront-shop', PER_SHOP);
  const videos = () => services.capabilities.get(ReviewVideos);
  const questions = () => services.capabilities.get(ReviewQuestions);

  /** The answers to the product's custom questions (plugins/review-questions), checked; a 400 names each question. */
  async function checkAnswers(ctx: AppContext, tenant: Tenant, fields: Record<string, string>, productId: string | null) {
    const capability = questions();
    const asked = capability ? await capability.forProduct(tenant, { productId }) : [];
    if (!asked.length) return [];
    const lang = typeof ctx.query.locale === 'string' ? ctx.query.locale : 'en';
    const { answers, errors } = capability!.check(asked, fields, lang);
    if (Object.keys(errors).length) throw createHttpError(400, 'Validation failed', { errors });
    return answers;
  }

  /** The form's video (an upload id and its caption), checked; undefined without one. */
  async function checkVideo(ctx: AppContext, tenant: Tenant, fields: Record<string, string>, photos: number) {
    const id = (fields.video ?? '').trim();
    if (!id) return undefined;
    const caption = (fields.videoCaption ?? '').trim();
    // one video, counted among the five photos and videos a review may have
    if (photos + 1 > MAX_PHOTOS) throw createHttpError(400, 'Validation failed', { errors: { photos: UPLOAD_LIMIT } });
    const lang = typeof ctx.query.locale === 'string' ? ctx.query.locale : 'en';
    const refused = videos() ? await videos()!.check(tenant, id, caption, lang) : INVALID;
    if (refused) throw createHttpError(400, 'Validation failed', { errors: { video: refused } });
    return { id, caption };
  }

  return async function submit(ctx: AppContext, shopDomain: string, customerId: string | null, ip: string, options: SubmitOptions = {}): Promise<GuestReview> {
    // the shop comes from the app proxy's signature or the direct route's shop parameter
    const shop = await shops.byDomain(shopDomain);
    if (!shop) throw createHttpError(404, 'Shop not found');
    if (!shop.appEnabled) throw createHttpError(403, APP_DISABLED, { code: 'APP_DISABLED' });
    const raw = await readSubmission(ctx);
    if (options.productId) Object.assign(raw.fields, { kind: 'product', productId: options.productId });
    options.received?.({ ...raw.fields });

    // Both counters count every attempt: one address cannot send many emails' reviews, nor one
    // email come from many addresses. Reviews accepted before the limit stay stored.
    const emailKey = (raw.fields.email ?? '').trim().toLowerCase();
    const checks: [RateLimit, string][] = [[limits.address, `${shop.id}:${ip}`]];
    if (emailKey) checks.push([limits.email, `${shop.id}:${emailKey}`]);
    // The shop's ceiling counts only what the reviewer's own budgets let through: one address
    // cannot spend it for everyone.
    const wait = (await hitAll(checks)) || (await perShop.hit(String(shop.id)));
    if (wait) throw createHttpError(429, RATE_LIMITED, { code: 'RATE_LIMITED', headers: { 'Retry-After': String(wait) } });

    // A filled honeypot is a bot: answer like a success and keep nothing.
    if (raw.fields.website?.trim()) {
      return { id: 0, status: 'pending' };
    }

    const tenant = services.tenant(shop.id, shop.domain);
    const settings = await reviewSettings.get(shop.id);
    if (!customerId && settings.customerEligibility === 'buyers') throw createHttpError(403, NOT_ELIGIBLE_GUEST, { code: 'CUSTOMER_NOT_ELIGIBLE' });
    const { value, errors } = await validateSubmission(raw, { emailRequired: !customerId });
    if (!value) throw createHttpError(400, 'Validation failed', { errors });
    const video = await checkVideo(ctx, tenant, raw.fields, value.images.length);
    const answers = await checkAnswers(ctx, tenant, raw.fields, value.productId);

    const product =
      value.productId && platform
        ? await findProduct(platform, shop.domain, value.productId).catch(() => {
            throw createHttpError(503, TRY_AGAIN);
          })
        : null;
    if (value.productId && platform && !product) throw createHttpError(400, 'Validation failed', { errors: { productId: INVALID } });

    let reviewer: Reviewer | null = null;
    if (customerId && platform) {
      reviewer = await findReviewer(platform, shop.domain, customerId, value.productId).catch((err) => {
        // Without the store's answer a buyers-only shop cannot decide; an open shop stores it unverified.
        if (settings.customerEligibility === 'buyers') throw createHttpError(503, TRY_AGAIN);
        ctx.state.log.warn({ err: (err as Error).message }, "could not check the customer's orders");
        return null;
      });
    }
    if (customerId && settings.customerEligibility === 'buyers' && !reviewer?.purchases.length)
      throw createHttpError(403, NOT_ELIGIBLE_CUSTOMER, { code: 'CUSTOMER_NOT_ELIGIBLE' });
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
    const media = value.images.map((img) => storeImage(config.dataDir, img));
    const review = await saveCollectedReview(
      services,
      tenant,
      {
        kind: value.kind,
        productId: value.productId,
        productTitle: product?.title ?? null,
        productHandle: product?.handle ?? null,
        rating: value.rating,
        title: value.title,
        content: value.content,
        firstName: value.firstName,
        lastName: value.lastName,
        email,
        customerId: reviewer?.customerGid ?? (customerId ? `gid://shopify/Customer/${customerId}` : null),
        orderId: purchase?.orderId ?? null,
        lineItemId: purchase?.lineItemId ?? null,
        media,
        source: customerId ? 'customer' : 'guest',
        submittedVia: options.via ?? null,
        verified: !!purchase,
        imported: false,
        status: held ? 'pending' : 'published',
        publishedAt: held ? null : new Date(),
      },
      null,
      async (trx, saved) => {
        if (video) await videos()!.attach(trx, tenant, saved.id, video.id, video.caption);
        if (answers.length)
          await questions()!.record(trx, tenant, { id: saved.id, productId: saved.productId ?? null, published: saved.status === 'published' }, answers);
      },
    );
    // A verified purchase's order is in the ReviewCreated event: its review request stops reminding.
    return { id: review.id, status: review.status as GuestReview['status'] };
  };
}
