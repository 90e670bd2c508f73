// Collection from the signed link in a request email (issue 6): one verified review per line item,
// photos checked by content and stripped of metadata, honeypot, rate limit, and the
// ReviewCreated event that tells review requests (and notifications) that the customer reviewed. The storefront form (storefront-routes.ts) and the
// answers to edit requests (edit-answer-routes.ts) and the photo reminder's page (photo-routes.ts)
// are mounted on the same router.
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { UniqueViolationError } from 'objection';
import { type ApiServices, type AppContext, type AppState, guessDoor, hitAll } from '@plaudit/kernel';
import { Review } from '../../db/review.model';
import { PURPOSE, type WriteLink } from '../../shared/links';
import { reviewSettingsOf } from '../../shared/settings';
import { cleanUploads, MAX_PHOTO_BYTES, MAX_PHOTOS, mediaDir, PHOTO_ERROR_KEYS, storeImage } from './media';
import { readMultipart } from './multipart';
import { reviewerLimits } from './rate-limit';
import { saveCollectedReview } from './save-review';
import { looksLikeSpam } from './spam';
import { checkReviewText, TEXT_ERROR_KEYS } from './submission';
import { editAnswerRoutes } from './edit-answer-routes';
import { photoRoutes } from './photo-routes';
import { languageOf } from './signed-link';
import { storefrontRoutes } from './storefront-routes';
import { writeOrder } from './write-order';
import { mineRoutes } from '../mine/routes';
import { sayPage, sayPageWith, writePage } from './write-page';
import { mineUrl } from '../../shared/mine-link';
import { mineLinkHtml } from '../../shared/mine-html';
import { ReviewVideos } from '@plaudit/contracts/video-reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';

const MEDIA_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.gif': 'image/gif' };

export function collectRoutes(services: ApiServices) {
  const { config, knex, events, links, shops } = services;
  const settings = reviewSettingsOf(services.settings);
  const router = new Router<AppState>();
  const limits = reviewerLimits(knex, 'link');
  const badLinks = guessDoor(services);
  const videos = () => services.capabilities.get(ReviewVideos);
  const questions = () => services.capabilities.get(ReviewQuestions);

  /** The link, its shop, the order line it is for and the customer's language; undefined answers the page itself. */
  async function context(ctx: AppContext) {
    const signed = links.verify<WriteLink>(PURPOSE.write, ctx.params.token);
    const link = signed?.data;
    const shop = signed && (await shops.byDomain(signed.shop));
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (!link || !shop) {
      ctx.status = 400;
      ctx.body = sayPage(languageOf(services, link?.locale, shop), 'expired_title', 'expired_text');
      return undefined;
    }
    const tenant = services.tenant(shop.id, shop.domain);
    const order = await writeOrder(services, tenant, link);
    const language = languageOf(services, link.locale ?? order?.customer.locale, shop);
    const line = order && (await lineToReview(tenant, link, order.lineItems));
    if (!order || !line) {
      ctx.status = 404;
      ctx.body = sayPage(language, 'not_found_title', 'not_found_text');
      return undefined;
    }
    // the way to "your reviews" (issue 33), for the address the order has
    const mineLink = order.email ? mineLinkHtml(language.t, mineUrl(services, shop.domain, order.email)) : '';
    return { link, shop, order, line, tenant, language, mineLink };
  }

  /** The link's product, else the order's first product without a review yet. */
  async function lineToReview(
    tenant: ReturnType<ApiServices['tenant']>,
    link: WriteLink,
    lines: NonNullable<Awaited<ReturnType<typeof writeOrder>>>['lineItems'],
  ) {
    if (link.productId) return lines.find((li) => li.productId === link.productId);
    const reviewed = await tenant.query(Review).where({ orderId: link.orderId }).select('productId');
    return lines.find((li) => !reviewed.some((r) => r.productId === li.productId)) ?? lines[0];
  }

  /** Whether this order line has its review already (one per line item, whichever way it came). */
  async function reviewed(c: NonNullable<Awaited<ReturnType<typeof context>>>) {
    const q = c.tenant.query(Review);
    return !!(await (c.line.lineItemId ? q.findOne({ lineItemId: c.line.lineItemId }) : q.findOne({ orderId: c.link.orderId, productId: c.line.productId })));
  }

  router.get('/r/write/:token', badLinks, async (ctx) => {
    const c = await context(ctx);
    if (!c) return;
    if (await reviewed(c)) {
      ctx.body = sayPageWith(c.language, 'thanks', 'already_reviewed', c.mineLink);
      return;
    }
    // a one-click rating link opens the form with those stars chosen: signed in the link (a request
    // email's stars, issue 32) or `?rating=1..5` (the links email-marketing apps get in RequestEligible)
    const asked = /^[1-5]$/.test(String(ctx.query.rating ?? '')) ? String(ctx.query.rating) : undefined;
    const rating = asked ?? (c.link.rating ? String(c.link.rating) : undefined);
    const videoSection = await videos()?.formSection(c.shop, c.language.lang);
    const questionsAsked = (await questions()?.forProduct(c.tenant, { productId: c.line.productId })) ?? [];
    ctx.body = writePage(c.language, {
      questionSection: questions()?.formSection(questionsAsked, c.language.lang),
      shopName: c.shop.name,
      productTitle: c.line.title,
      productImage: c.line.imageUrl,
      firstName: c.order.customer.firstName ?? '',
      lastName: c.order.customer.lastName ?? '',
      values: { rating },
      videoSection,
      mineLink: c.mineLink,
    });
  });

  router.post('/r/write/:token', badLinks, async (ctx) => {
    const ip = ctx.ip;
    const c = await context(ctx);
    if (!c) return;
    // Each link is one order line signed by us, so no shop-wide ceiling is needed here.
    const wait = await hitAll([
      [limits.address, `${c.shop.id}:${ip}`],
      [limits.email, `${c.shop.id}:${(c.order.email ?? '').toLowerCase()}`],
    ]);
    if (wait) {
      ctx.status = 429;
      ctx.set('Retry-After', String(wait));
      ctx.body = sayPage(c.language, 'wait_title', 'too_many_reviews');
      return;
    }
    const t = (key: string) => c.language.t(`reviews:public.errors.${key}`);
    const form = await readMultipart(ctx.req, { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES });
    const f = form.fields;
    const errors: Record<string, string> = {};
    // the same checks (and the same 5,000-character cap) as the storefront form, in the customer's language
    const text = checkReviewText(f, errors, { firstNameRequired: false });
    for (const [field, message] of Object.entries(errors)) errors[field] = t(TEXT_ERROR_KEYS[message] ?? 'invalid');
    // one video, counted among the five photos and videos a review may have
    const video = (f.video ?? '').trim();
    const caption = (f.videoCaption ?? '').trim();
    if (form.tooManyFiles || form.uploads.length + (video ? 1 : 0) > MAX_PHOTOS) errors.photos = t('upload_limit');
    const { images, error } = errors.photos ? { images: [] } : await cleanUploads(form.uploads);
    if (error) errors.photos = t(PHOTO_ERROR_KEYS[error] ?? 'unreadable');
    if (video) {
      const refused = videos() ? await videos()!.check(c.tenant, video, caption, c.language.lang) : t('invalid');
      if (refused) errors.video = refused;
    }
    // the custom questions of the product (plugins/review-questions): their answers are kept with the review
    const asked = (await questions()?.forProduct(c.tenant, { productId: c.line.productId })) ?? [];
    const answered = asked.length ? questions()!.check(asked, f, c.language.lang) : { answers: [], errors: {} };
    Object.assign(errors, answered.errors);
    if (Object.keys(errors).length) {
      ctx.status = 400;
      // the page again with everything the customer wrote and what to correct
      // a video that passed its check stays with the page: the customer does not upload it again
      const videoSection = await videos()?.formSection(c.shop, c.language.lang, video && !errors.video ? { video, caption } : undefined);
      ctx.body = writePage(c.language, {
        shopName: c.shop.name,
        productTitle: c.line.title,
        productImage: c.line.imageUrl,
        firstName: f.firstName ?? '',
        lastName: f.lastName ?? '',
        values: { rating: f.rating, title: f.title, content: f.content },
        errors,
        videoSection,
        questionSection: questions()?.formSection(asked, c.language.lang, f, errors),
      });
      return;
    }
    // A filled honeypot is a bot: thank it and keep nothing.
    if (f.website) {
      ctx.body = sayPage(c.language, 'thanks', 'sent');
      return;
    }
    const { autoPublish } = await settings.get(c.shop.id);
    const held = autoPublish !== 'all' || looksLikeSpam(`${text.title} ${text.content}`);
    if (await reviewed(c)) {
      ctx.body = sayPage(c.language, 'thanks', 'already_reviewed');
      return;
    }
    const media = images.map((img) => storeImage(config.dataDir, img));
    try {
      // review-requests learns of it from the ReviewCreated event (queue entry, order, photos)
      await saveCollectedReview(
        { knex, events },
        c.tenant,
        {
          kind: 'product',
          productId: c.line.productId,
          productTitle: c.line.title,
          rating: text.rating,
          title: text.title || null,
          content: text.content,
          firstName: text.firstName || null,
          lastName: text.lastName || null,
          email: c.order.email,
          country: c.order.country,
          locale: c.link.locale ?? c.order.customer.locale,
          orderId: c.link.orderId,
          lineItemId: c.line.lineItemId,
          customerId: c.order.customerId,
          media,
          source: 'customer',
          verified: true,
          imported: false,
          status: held ? 'pending' : 'published',
          publishedAt: held ? null : new Date(),
        },
        c.link.queueEntryId,
        async (trx, review) => {
          if (video) await videos()!.attach(trx, c.tenant, review.id, video, caption);
          if (answered.answers.length)
            await questions()!.record(
              trx,
              c.tenant,
              { id: review.id, productId: review.productId ?? null, published: review.status === 'published' },
              answered.answers,
            );
        },
      );
    } catch (err) {
      if (!(err instanceof UniqueViolationError)) throw err;
    }
    ctx.body = sayPageWith(c.language, 'thanks', held ? 'held' : 'live', c.mineLink);
  });

  router.get('/media/:file', async (ctx) => {
    const file = path.basename(ctx.params.file);
    const type = MEDIA_TYPES[path.extname(file)];
    const full = path.join(mediaDir(config.dataDir), file);
    if (!type || !fs.existsSync(full)) return void ctx.throw(404, 'Not found');
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    // Shown on the shop's storefront, another origin (helmet's default would make browsers refuse it).
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.body = fs.createReadStream(full);
  });

  for (const more of [storefrontRoutes(services), editAnswerRoutes(services), photoRoutes(services), mineRoutes(services)]) router.use(more.routes());
  return router;
}
