// The photo reminder's link (review-requests' photo reminder email): a signed, expiring, single-use
// link to a page that adds photos to the customer's own review, up to 5 in all. Photos are checked
// by content and stripped of metadata like every other upload; the link is spent, the photos added
// and the summaries recomputed in one transaction, so a second use finds the link spent.
import crypto from 'node:crypto';
import Router from '@koa/router';
import { UniqueViolationError } from 'objection';
import { type ApiServices, type AppContext, type AppState, guessDoor, RateLimit } from '@plaudit/kernel';
import { Review } from '../../db/review.model';
import { appendMedia } from '../../db/media';
import { PURPOSE, type PhotoLink } from '../../shared/links';
import { cleanUploads, MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_ERROR_KEYS, storeImage } from './media';
import { readMultipart } from './multipart';
import { photoPage } from './photo-page';
import { PER_REVIEWER } from './rate-limit';
import { languageOf, openSignedLink } from './signed-link';
import { sayPage, type PageLanguage } from './write-page';

const EXPIRED = (l: PageLanguage) => sayPage(l, 'expired_title', 'expired_text');
const FULL = (l: PageLanguage) => sayPage(l, 'thanks', 'photo.full', { count: MAX_PHOTOS });
const DONE = (l: PageLanguage, live: boolean) => sayPage(l, 'thanks', live ? 'photo.added_live' : 'photo.added_held');

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function photoRoutes(services: ApiServices) {
  const { config, knex, events } = services;
  const router = new Router<AppState>({ prefix: '/r/photo' });
  const byAddress = new RateLimit(knex, 'photo-address', PER_REVIEWER);
  const badLinks = guessDoor(services);

  /** The review a link is for; undefined when the page answered already (expired, forged, used). */
  async function resolve(ctx: AppContext) {
    const { link, shop, tenant } = await openSignedLink<PhotoLink>(ctx, services, PURPOSE.photo);
    // The review, still on the store.
    const review = tenant && link ? await tenant.query(Review).findById(link.data.reviewId).whereNull('deletedAt').whereNot('status', 'trash') : undefined;
    const language = languageOf(services, review?.locale, shop);
    // tenancy: scoped by the shop the signed link names
    const used =
      review &&
      shop &&
      (await knex('used_review_links')
        .where({ shopId: shop.id, tokenHash: tokenHash(ctx.params.token) })
        .first('id'));
    if (!link || !shop || !tenant || !review || used) {
      ctx.status = 400;
      ctx.body = EXPIRED(language);
      return undefined;
    }
    return { shop, tenant, review, language };
  }

  router.get('/:token', badLinks, async (ctx) => {
    const found = await resolve(ctx);
    if (!found) return;
    const remaining = MAX_PHOTOS - (found.review.media ?? []).length;
    ctx.body =
      remaining > 0
        ? photoPage(found.language, { shopName: found.shop.name, productTitle: found.review.productTitle ?? null, content: found.review.content, remaining })
        : FULL(found.language);
  });

  router.post('/:token', badLinks, async (ctx) => {
    const found = await resolve(ctx);
    if (!found) return;
    const { shop, tenant, review, language } = found;
    const t = (key: string) => language.t(`reviews:public.errors.${key}`);
    const wait = await byAddress.hit(`${shop.id}:${ctx.ip}`);
    if (wait) {
      ctx.status = 429;
      ctx.set('Retry-After', String(wait));
      ctx.body = sayPage(language, 'wait_title', 'too_many_photos');
      return;
    }
    const form = await readMultipart(ctx.req, { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES });
    const remaining = MAX_PHOTOS - (review.media ?? []).length;
    const tooMany = form.tooManyFiles || form.uploads.length > remaining;
    const { images, error: refused } = tooMany ? { images: [] } : await cleanUploads(form.uploads);
    let error = tooMany ? t('upload_limit') : refused && t(PHOTO_ERROR_KEYS[refused] ?? 'unreadable');
    if (!error && !images.length) error = t('required');
    if (error) {
      ctx.status = 400;
      ctx.body =
        remaining > 0
          ? photoPage(language, { shopName: shop.name, productTitle: review.productTitle ?? null, content: review.content, remaining, error })
          : FULL(language);
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
        const stored = images.map((img) => storeImage(config.dataDir, img));
        await appendMedia(trx, events, tenant, locked, stored);
        return locked.status === 'published' ? ('live' as const) : ('held' as const);
      })
      .catch((err) => {
        if (err instanceof UniqueViolationError || (err as { code?: string }).code === '23505') return 'used' as const;
        throw err;
      });
    if (outcome === 'used') {
      ctx.status = 400;
      ctx.body = EXPIRED(language);
      return;
    }
    ctx.body = outcome === 'full' ? FULL(language) : DONE(language, outcome === 'live');
  });

  return router;
}
