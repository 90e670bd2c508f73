// The photo reminder's link (review-requests' photo reminder email): a signed, expiring, single-use
// link to a page that adds photos to the customer's own review, up to 5 in all. Photos are checked
// by content and stripped of metadata like every other upload; the link is spent, the photos added
// and the summaries recomputed in one transaction, so a second use finds the link spent.
import crypto from 'node:crypto';
import Router from '@koa/router';
import { UniqueViolationError } from 'objection';
import type { AppContext, AppState } from '../../../../api/http/types';
import type { ApiServices } from '../../../../api/plugins/types';
import { Review } from '../review.model';
import { recomputeSummaries } from '../summaries';
import { cleanImage, MAX_PHOTO_BYTES, MAX_PHOTOS, storeImage, TYPE_NOT_SUPPORTED, type ImageType } from './media';
import { readMultipart } from './multipart';
import { photoPage } from './photo-page';
import { RateLimit } from './rate-limit';
import { openSignedLink } from './signed-link';
import { messagePage } from './write-page';

const EXPIRED = () => messagePage('This link has expired', 'Please use the latest email from the store, or contact the store.');
const FULL = () => messagePage('Thank you!', `Your review already has ${MAX_PHOTOS} photos.`);
const DONE = (live: boolean) => messagePage('Thank you!', live ? 'Your photos were added to your review.' : 'Your photos were added and will appear once the store has checked your review.');
const LIMIT = 'You have reached the file upload limit';

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function photoRoutes({ config, knex }: ApiServices) {
  const router = new Router<AppState>({ prefix: '/r/photo' });
  const limiter = new RateLimit(10, 10 * 60_000);

  /** The review a link is for; undefined when the page answered already (expired, forged, used). */
  async function resolve(ctx: AppContext) {
    const { link, shop, tenant } = await openSignedLink(ctx, { config, knex }, 'photo');
    // The review of the order the request was for, still on the store.
    const review = tenant ? await tenant.query(Review).findById(link!.r!).where({ orderId: link!.o }).whereNull('deletedAt').whereNot('status', 'trash') : undefined;
    // tenancy: scoped by the shop the signed link names
    const used = review && (await knex('used_review_links').where({ shopId: shop.id, tokenHash: tokenHash(ctx.params.token) }).first('id'));
    if (!link || !tenant || !review || used) {
      ctx.status = 400;
      ctx.body = EXPIRED();
      return undefined;
    }
    return { shop, tenant, review };
  }

  router.get('/:token', async (ctx) => {
    const found = await resolve(ctx);
    if (!found) return;
    const remaining = MAX_PHOTOS - (found.review.media ?? []).length;
    ctx.body = remaining > 0 ? photoPage({ shopName: found.shop.name ?? found.shop.shopifyDomain, productTitle: found.review.productTitle ?? null, content: found.review.content, remaining }) : FULL();
  });

  router.post('/:token', async (ctx) => {
    const found = await resolve(ctx);
    if (!found) return;
    const { shop, tenant, review } = found;
    if (!limiter.allow(`${shop.id}:${ctx.ip}`)) {
      ctx.status = 429;
      ctx.body = messagePage('Please wait a moment', 'Too many photos were sent from here. Please try again in a few minutes.');
      return;
    }
    const form = await readMultipart(ctx.req, { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES });
    const remaining = MAX_PHOTOS - (review.media ?? []).length;
    const images: { type: ImageType; bytes: Buffer }[] = [];
    let error: string | undefined;
    if (form.tooManyFiles || form.uploads.length > remaining) error = LIMIT;
    for (const u of form.uploads) {
      if (u.tooLarge) error ??= 'File size should not be more than 5MB';
      else {
        try {
          images.push(cleanImage(u.bytes));
        } catch {
          error ??= TYPE_NOT_SUPPORTED;
        }
      }
    }
    if (!error && !images.length) error = 'This field is required';
    if (error) {
      ctx.status = 400;
      ctx.body = remaining > 0 ? photoPage({ shopName: shop.name ?? shop.shopifyDomain, productTitle: review.productTitle ?? null, content: review.content, remaining, error }) : FULL();
      return;
    }

    const outcome = await knex
      .transaction(async (trx) => {
        // Spending the link first: a concurrent second use meets the unique index and rolls back.
        // tenancy: scoped by the shop the signed link names
        await trx('used_review_links').insert({ shopId: shop.id, reviewId: review.id, purpose: 'photo', tokenHash: tokenHash(ctx.params.token) });
        const locked = await tenant.query(Review, trx).findById(review.id).forUpdate();
        const media = locked?.media ?? [];
        if (!locked || media.length + images.length > MAX_PHOTOS) return 'full' as const;
        const added = images.map((img) => ({ type: 'image' as const, url: storeImage(config.dataDir, img) }));
        await tenant.query(Review, trx).findById(review.id).patch({ media: [...media, ...added], updatedAt: new Date() } as never);
        // The summaries count reviews with media: this review may just have become one.
        await recomputeSummaries(trx, shop.id, [locked.productKey ?? locked.productId]);
        return locked.status === 'published' ? ('live' as const) : ('held' as const);
      })
      .catch((err) => {
        if (err instanceof UniqueViolationError || (err as { code?: string }).code === '23505') return 'used' as const;
        throw err;
      });
    if (outcome === 'used') {
      ctx.status = 400;
      ctx.body = EXPIRED();
      return;
    }
    ctx.body = outcome === 'full' ? FULL() : DONE(outcome === 'live');
  });

  return router;
}
