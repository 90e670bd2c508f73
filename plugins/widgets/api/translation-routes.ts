// GET api/review-translations?ids=1,2&locale=de: reviews of this shop in the storefront's language
// (second tier, TranslationReviews), for "See translation" and automatic translation. Mounted with
// the other storefront routes (the shop is the proxy's signed one, or the path's); only published
// reviews are answered, a provider outage answers 'degraded' (the widget keeps the original). Not
// cached here: translations are kept per review by the translations plugin, and an outage's answer
// must not outlive it. Counted per shopper address, as each answer may cost a provider call.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, RateLimit, shopperAddress } from '@plaudit/kernel';
import { reviewTranslationsOf } from '../shared/review-translations';
import { PRIVATE_CACHE_CONTROL } from './cache';
import { dataHeaders } from './read-routes';
import type { StorefrontAppState } from './shop-context';

/** a page of the review box or the all-reviews page at most */
export const MAX_TRANSLATION_IDS = 50;
/** per shopper address and shop: a page load's automatic request and clicks, with room to spare */
export const TRANSLATIONS_BUDGET = { points: 60, perSeconds: 60 };

function idsOf(raw: unknown): number[] {
  const parts = typeof raw === 'string' && raw ? raw.split(',') : [];
  const ids = parts.map((p) => (/^\d{1,15}$/.test(p) ? Number(p) : NaN));
  if (!ids.length || ids.length > MAX_TRANSLATION_IDS || ids.some((n) => !Number.isSafeInteger(n) || n < 1)) {
    throw createHttpError(400, 'Validation failed', { errors: { ids: `1 to ${MAX_TRANSLATION_IDS} review ids, separated by commas` } });
  }
  return [...new Set(ids)];
}

export function translationRoutes(services: ApiServices) {
  const router = new Router<StorefrontAppState>();
  const limit = new RateLimit(services.knex, 'storefront-translations', TRANSLATIONS_BUDGET);

  router.get('/api/review-translations', dataHeaders, async (ctx) => {
    const s = ctx.state.storefront;
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    const ids = idsOf(ctx.query.ids);
    if (!s.translation.offered) throw createHttpError(404, 'Not found');
    const address = s.mount === 'proxy' ? shopperAddress(ctx) : ctx.ip;
    const wait = await limit.hit(`${s.shop.id}:${address}`);
    if (wait) {
      ctx.set('Retry-After', String(wait));
      throw createHttpError(429, 'Too many requests');
    }
    const items = await reviewTranslationsOf(services).translate(s.tenant, ids, s.lang);
    ctx.body = {
      language: s.lang,
      items: items.map((i) => ({ id: i.reviewId, from: i.language, status: i.status, ...(i.translation ?? {}) })),
    };
  });

  return router;
}
