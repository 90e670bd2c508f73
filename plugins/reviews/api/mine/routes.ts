// "Your reviews" (issue 33): the reviewer's own reviews in one shop, reached from a signed, expiring
// link for their email address (review emails, the review page). They edit words, stars and photos
// (re-moderated: db/author-edits.ts), delete, and download their data; an expired link mails a fresh
// one to the same address. Every POST is counted per address and per email like the review forms
// (429 with Retry-After past the budget); bad links are counted by the kernel's guessDoor.
import Router from '@koa/router';
import { type ApiServices, type AppContext, type AppState, guessDoor, hitAll, RateLimit } from '@plaudit/kernel';
import { present } from '../../db/review.model';
import { deleteByAuthor, editByAuthor, historyOfAuthor, reviewsOfAuthor } from '../../db/author-edits';
import { MINE_LINK_DAYS, MineLinkRequested } from '../../shared/author-changes';
import { type MineLink, PURPOSE } from '../../shared/links';
import { reviewSettingsOf } from '../../shared/settings';
import { PER_REVIEWER } from '../collect/rate-limit';
import { languageOf } from '../collect/signed-link';
import { sayPage } from '../collect/write-page';
import { looksLikeSpam } from '../collect/spam';
import { readAuthorEdit } from './edit-form';
import { expiredPage, minePage } from './page';

const DONE = new Set(['saved_live', 'saved_held', 'saved_same', 'deleted']);
const ID = /^\d{1,18}$/;

export function mineRoutes(services: ApiServices) {
  const { knex, events, links, shops } = services;
  const settings = reviewSettingsOf(services.settings);
  const router = new Router<AppState>({ prefix: '/r/mine' });
  const badLinks = guessDoor(services);
  const limits = { address: new RateLimit(knex, 'mine-address', PER_REVIEWER), email: new RateLimit(knex, 'mine-email', PER_REVIEWER) };

  /** The link's shop, tenant, email and language; undefined when the page answered already. */
  async function open(ctx: AppContext) {
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const token = String(ctx.params.token);
    const signed = links.verify<MineLink>(PURPOSE.mine, token);
    const shop = signed && (await shops.byDomain(signed.shop));
    if (!signed || !shop) {
      // genuine but past its date: offer a fresh one (the address stays the signed one)
      const old = links.verify<MineLink>(PURPOSE.mine, token, 0);
      const oldShop = old && (await shops.byDomain(old.shop));
      ctx.status = 400;
      const language = languageOf(services, undefined, oldShop);
      ctx.body = oldShop ? expiredPage(language, `/r/mine/${token}`, MINE_LINK_DAYS) : sayPage(language, 'expired_title', 'expired_text');
      return undefined;
    }
    const tenant = services.tenant(shop.id, shop.domain);
    const email = signed.data.email;
    const reviews = await reviewsOfAuthor(tenant, email);
    const language = languageOf(services, reviews.find((r) => r.locale)?.locale, shop);
    return { token, shop, tenant, email, reviews, language, base: `/r/mine/${token}` };
  }
  type Opened = NonNullable<Awaited<ReturnType<typeof open>>>;

  /** The budget of changes from one address and for one reviewer; false when the page answered 429. */
  async function withinBudget(ctx: AppContext, c: Opened) {
    const wait = await hitAll([
      [limits.address, `${c.shop.id}:${ctx.ip}`],
      [limits.email, `${c.shop.id}:${c.email}`],
    ]);
    if (!wait) return true;
    ctx.status = 429;
    ctx.set('Retry-After', String(wait));
    ctx.body = sayPage(c.language, 'wait_title', 'mine.flood');
    return false;
  }

  /** Not one of this reviewer's reviews (another's, deleted, or no such id): 404, nothing said about it. */
  function notYours(ctx: AppContext, c: Opened) {
    ctx.status = 404;
    ctx.body = sayPage(c.language, 'not_found_title', 'mine.not_yours');
  }

  const pageOf = (c: Opened, extra: Partial<Parameters<typeof minePage>[1]> = {}) =>
    minePage(c.language, { shopName: c.shop.name, email: c.email, base: c.base, reviews: c.reviews, ...extra });

  router.get('/:token', badLinks, async (ctx) => {
    const c = await open(ctx);
    if (!c) return;
    const done = String(ctx.query.done ?? '');
    ctx.body = pageOf(c, { done: DONE.has(done) ? done : undefined });
  });

  router.get('/:token/data', badLinks, async (ctx) => {
    const c = await open(ctx);
    if (!c) return;
    ctx.type = 'application/json';
    ctx.set('Content-Disposition', 'attachment; filename="my-reviews.json"');
    ctx.body = {
      shop: c.shop.domain,
      email: c.email,
      exportedAt: new Date().toISOString(),
      reviews: c.reviews.map((r) => {
        const { editRequest: _e, editRequestedAt: _a, importKey: _k, demo: _d, ...mine } = present(r) as Record<string, unknown>;
        return mine;
      }),
      changes: await historyOfAuthor(c.tenant, c.email),
    };
  });

  router.post('/:token/reviews/:id', badLinks, async (ctx) => {
    const c = await open(ctx);
    if (!c) return;
    const review = ID.test(ctx.params.id) ? c.reviews.find((r) => r.id === Number(ctx.params.id)) : undefined;
    if (!review) return notYours(ctx, c);
    if (!(await withinBudget(ctx, c))) return;
    const form = await readAuthorEdit(ctx, services, c.language, review);
    if ('errors' in form) {
      ctx.status = 400;
      ctx.body = pageOf(c, { failed: { id: review.id, errors: form.errors, values: form.values } });
      return;
    }
    const { autoPublish } = await settings.get(c.shop.id);
    const outcome = await editByAuthor(knex, events, c.tenant, c.email, review.id, form.edit, { autoPublish, spam: looksLikeSpam });
    if (!outcome) return notYours(ctx, c);
    const done = !outcome.changed ? 'saved_same' : outcome.review.status === 'published' ? 'saved_live' : 'saved_held';
    ctx.status = 303;
    ctx.redirect(`${c.base}?done=${done}#review-${review.id}`);
  });

  router.post('/:token/reviews/:id/delete', badLinks, async (ctx) => {
    const c = await open(ctx);
    if (!c) return;
    if (!(await withinBudget(ctx, c))) return;
    const gone = ID.test(ctx.params.id) && (await deleteByAuthor(knex, events, c.tenant, c.email, Number(ctx.params.id)));
    if (!gone) return notYours(ctx, c);
    ctx.status = 303;
    ctx.redirect(`${c.base}?done=deleted`);
  });

  // An expired link's one action: a fresh link, mailed by the worker (durably) to the signed address.
  router.post('/:token/renew', badLinks, async (ctx) => {
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    const old = links.verify<MineLink>(PURPOSE.mine, String(ctx.params.token), 0);
    const shop = old && (await shops.byDomain(old.shop));
    const language = languageOf(services, undefined, shop);
    if (!old || !shop) {
      ctx.status = 400;
      ctx.body = sayPage(language, 'expired_title', 'expired_text');
      return;
    }
    const email = old.data.email;
    const wait = await hitAll([
      [limits.address, `${shop.id}:${ctx.ip}`],
      [limits.email, `${shop.id}:${email}`],
    ]);
    if (wait) {
      ctx.status = 429;
      ctx.set('Retry-After', String(wait));
      ctx.body = sayPage(language, 'wait_title', 'mine.flood');
      return;
    }
    const at = Date.now();
    await knex.transaction((trx) =>
      events.emit(
        MineLinkRequested,
        { shopId: shop.id, shopDomain: shop.domain, email, lang: language.lang, at },
        { key: `${shop.id}:${email}:${at}`, shopDomain: shop.domain, trx },
      ),
    );
    ctx.body = sayPage(language, 'mine.renewed_title', 'mine.renewed_text', { email });
  });

  return router;
}
