// /q/<code>: the page a printed QR card leads to. GET shows the product and the review form (and
// counts a scan); POST sends the review through the reviews plugin's one storefront path
// (`ReviewWrite` submitGuest: shop switch, rate limits, honeypot, eligibility, spam hold, moderation), so a
// review written here is a guest's, unverified, like any storefront review. Codes are guessable in
// principle, so every lookup is counted per address before it runs and given back when the code
// exists: only misses add up, and past MISSES_PER_ADDRESS the address gets 429 (issue 30.4).
import Router from '@koa/router';
import { isHttpError } from 'http-errors';
import { type ApiServices, type AppContext, type AppState, countedAddress, messagePage, RateLimit, type ShopView, type Translate } from '@plaudit/kernel';
import { CODE_PATTERN, count, resolveCode } from '../db/codes';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { findProduct, starCounts, type CatalogProduct } from './catalog';
import { reviewPage } from './page-html';

/** The review path's messages (spec section 5) as this page's locale keys (qr-codes:page.errors.*). */
const ERROR_KEYS: Record<string, string> = {
  'This field is required': 'required',
  'The value is invalid': 'invalid',
  'Invalid email': 'email',
  'Number needs to be between equal 1 and 5': 'rating_range',
  'You have reached the file upload limit': 'upload_limit',
  'File size should not be more than 5MB': 'too_large',
  'type not supported (.gif, .jpg, .png)': 'type',
};

/** Refusals by code or status, as this page's locale keys (qr-codes:page.refused.*). */
function refusalKey(err: { status: number; code?: string }): string {
  if (err.code === 'CUSTOMER_NOT_ELIGIBLE') return 'buyers_only';
  if (err.code === 'APP_DISABLED' || err.status === 404) return 'closed';
  if (err.status === 429) return 'too_many';
  return 'try_again';
}

/** unknown codes one address may try: a shopper mistyping a card needs a few, an enumerator thousands */
export const MISSES_PER_ADDRESS = { points: 20, perSeconds: 600 };

interface PageContext {
  shop: ShopView;
  product: CatalogProduct;
  lang: string;
  t: Translate;
}

export function qrPublicRoutes(services: ApiServices) {
  const { i18n, knex, shops } = services;
  const router = new Router<AppState>();
  const misses = new RateLimit(knex, 'qr-code-misses', MISSES_PER_ADDRESS);

  /** The shopper's language: the first one the browser asks for that we have, else the shop's. */
  function languageOf(ctx: AppContext, shop: ShopView | undefined) {
    const asked = (ctx.acceptsLanguages() as string[]).filter((l) => l !== '*');
    const known = asked.find((l) => l.toLowerCase().startsWith('en') || i18n.language(l) !== 'en');
    const lang = i18n.language(known, shop?.locale);
    return { lang, t: i18n.forLanguage(lang) };
  }

  function say(ctx: AppContext, status: number, l: { lang: string; t: Translate }, key: string) {
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = messagePage(l.t(`qr-codes:page.${key}_title`), l.t(`qr-codes:page.${key}_text`), l.lang);
  }

  /** The code's shop and product; answers the page itself (and returns undefined) when there is none. */
  async function open(ctx: AppContext): Promise<PageContext | undefined> {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const code = String(ctx.params.code ?? '').toLowerCase();
    const address = countedAddress(ctx.ip, services.config.env);
    const wait = address ? await misses.hit(address) : 0;
    if (wait) {
      ctx.set('Retry-After', String(wait));
      return void say(ctx, 429, languageOf(ctx, undefined), 'too_many_codes');
    }
    const found = CODE_PATTERN.test(code) ? await resolveCode(knex, code) : undefined;
    const shop = found ? await shops.get(found.shopId) : undefined;
    const l = languageOf(ctx, shop);
    if (!found || !shop || shop.uninstalled || !shop.appEnabled) return void say(ctx, 404, l, 'not_found');
    if (address) await misses.refund(address);
    const product = await findProduct(services, shop.domain, found.productId).catch(() => null);
    if (product === null) return void say(ctx, 503, l, 'unavailable');
    if (!product) return void say(ctx, 404, l, 'not_found');
    return { shop, product, ...l };
  }

  async function render(ctx: AppContext, p: PageContext, extra: { values?: Record<string, string>; errors?: Record<string, string> } = {}) {
    const tenant = services.tenant(p.shop.id, p.shop.domain);
    const summary = (await starCounts(services, tenant, [p.product.id]))[p.product.id];
    // the product's custom questions; their messages in the page's language (the review path checks them in English)
    const questions = services.capabilities.get(ReviewQuestions);
    const asked = (await questions?.forProduct(tenant, { productId: p.product.id })) ?? [];
    const own = extra.values && asked.length ? questions!.check(asked, extra.values, p.lang).errors : {};
    const errors = extra.errors && {
      ...extra.errors,
      ...Object.fromEntries(
        Object.keys(extra.errors)
          .filter((k) => own[k])
          .map((k) => [k, own[k]]),
      ),
    };
    ctx.type = 'html';
    ctx.body = reviewPage({
      lang: p.lang,
      t: p.t,
      shopName: p.shop.name,
      product: p.product,
      stars: { count: summary?.count ?? 0, average: summary?.average ?? 0 },
      ...extra,
      errors,
      questionSection: questions?.formSection(asked, p.lang, extra.values, errors),
    });
  }

  router.get('/q/:code', async (ctx) => {
    const p = await open(ctx);
    if (!p) return;
    // a scan is a number: no cookie, no address, no user agent is kept
    await count(knex, services.tenant(p.shop.id, p.shop.domain), p.product.id, { scans: 1 });
    await render(ctx, p);
  });

  router.post('/q/:code', async (ctx) => {
    const p = await open(ctx);
    if (!p) return;
    const write = services.capabilities.get(ReviewWrite);
    if (!write) return say(ctx, 404, p, 'not_found');
    let values: Record<string, string> = {};
    try {
      const review = await write.submitGuest(ctx, { shopDomain: p.shop.domain, ip: ctx.ip, productId: p.product.id, received: (f) => (values = f) });
      // id 0: the honeypot was filled; the bot is thanked and nothing is counted
      if (review.id) await count(knex, services.tenant(p.shop.id, p.shop.domain), p.product.id, { reviews: 1 });
      return say(ctx, 201, p, review.status === 'published' ? 'live' : 'held');
    } catch (err) {
      if (!isHttpError(err) || (err.status >= 500 && err.status !== 503)) throw err;
      const errors = (err as { errors?: Record<string, string> }).errors;
      if (err.status === 400 && errors) {
        ctx.status = 400;
        const translated = Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, ERROR_KEYS[m] ? p.t(`qr-codes:page.errors.${ERROR_KEYS[m]}`) : m]));
        return render(ctx, p, { values, errors: translated });
      }
      return say(ctx, err.status, p, `refused.${refusalKey(err as { status: number; code?: string })}`);
    }
  });

  return router;
}
