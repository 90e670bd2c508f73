// Collection from the signed link in a request email (issue 6): one verified review per line item,
// photos checked by content and stripped of metadata, honeypot, rate limit, and the request
// workflow told that the customer reviewed. The storefront form (storefront-routes.ts) and the
// answers to edit requests (edit-answer-routes.ts) and the photo reminder's page (photo-routes.ts)
// are mounted on the same router.
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { UniqueViolationError } from 'objection';
import type { AppContext, AppState } from '../../../../api/http/types';
import type { ApiServices } from '../../../../api/plugins/types';
import { linkKey, verifyLink, type LinkPayload } from '../../../../api/signed-links';
import { tenantFor } from '../../../../api/auth/tenant';
import { Review } from '../review.model';
import { readSettings } from '../settings';
import { cleanImage, MAX_PHOTO_BYTES, MAX_PHOTOS, mediaDir, storeImage, TYPE_NOT_SUPPORTED } from './media';
import { readMultipart } from './multipart';
import { RateLimit } from './rate-limit';
import { saveCollectedReview } from './save-review';
import { looksLikeSpam } from './spam';
import { editAnswerRoutes } from './edit-answer-routes';
import { photoRoutes } from './photo-routes';
import { storefrontRoutes } from './storefront-routes';
import { messagePage, writePage } from './write-page';

const MEDIA_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.gif': 'image/gif' };

export function collectRoutes(services: ApiServices) {
  const { config, knex, temporal, platform, events } = services;
  const router = new Router<AppState>();
  const limiter = new RateLimit(10, 10 * 60_000);

  /** The link, its shop and the order line it is for; undefined answers the page itself. */
  async function context(ctx: AppContext) {
    const link = verifyLink(linkKey(config.encryptionKey!), ctx.params.token, 'write');
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    if (!link?.pr) {
      ctx.status = 400;
      ctx.body = messagePage('This link has expired', 'Please use the latest email from the store, or contact the store.');
      return undefined;
    }
    // tenancy: the signed link names the shop
    const shop = await knex('shops').where({ shopifyDomain: link.shop }).whereNull('uninstalledAt').first();
    const order = shop && platform ? await platform.adminApi(link.shop).order(`gid://shopify/Order/${link.o}`) : null;
    const line = order?.lineItems.nodes.find((li) => li.product?.id === link.pr);
    if (!shop || !order || !line) {
      ctx.status = 404;
      ctx.body = messagePage('Not found', 'This product is no longer available for review.');
      return undefined;
    }
    return { link, shop, order, line, tenant: tenantFor(shop.id, shop.shopifyDomain) };
  }

  router.get('/r/write/:token', async (ctx) => {
    const c = await context(ctx);
    if (!c) return;
    if (await c.tenant.query(Review).findOne({ lineItemId: c.line.id })) {
      ctx.body = messagePage('Thank you!', 'You have already reviewed this product.');
      return;
    }
    ctx.body = writePage({ shopName: c.shop.name ?? c.shop.shopifyDomain, productTitle: c.line.title, productImage: c.line.image?.url ?? null, firstName: c.order.customer?.firstName ?? '', lastName: c.order.customer?.lastName ?? '' });
  });

  router.post('/r/write/:token', async (ctx) => {
    const ip = ctx.ip;
    const c = await context(ctx);
    if (!c) return;
    if (!limiter.allow(`${c.shop.id}:${ip}`) || !limiter.allow(`${c.shop.id}:${c.order.email ?? ''}`)) {
      ctx.status = 429;
      ctx.body = messagePage('Please wait a moment', 'Too many reviews were sent from here. Please try again in a few minutes.');
      return;
    }
    const form = await readMultipart(ctx.req, { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES });
    const f = form.fields;
    const errors: Record<string, string> = {};
    const rating = Number(f.rating);
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = 'This field is required';
    if (!f.content?.trim()) errors.content = 'This field is required';
    const images: ReturnType<typeof cleanImage>[] = [];
    if (form.tooManyFiles) errors.photos = 'You have reached the file upload limit';
    for (const u of form.uploads) {
      if (u.tooLarge) errors.photos = 'File size should not be more than 5MB';
      else {
        try {
          images.push(cleanImage(u.bytes));
        } catch {
          errors.photos = TYPE_NOT_SUPPORTED;
        }
      }
    }
    if (Object.keys(errors).length) {
      ctx.status = 400;
      ctx.body = writePage({ shopName: c.shop.name ?? c.shop.shopifyDomain, productTitle: c.line.title, productImage: c.line.image?.url ?? null, firstName: f.firstName ?? '', lastName: f.lastName ?? '', values: { rating: f.rating, title: f.title, content: f.content }, errors });
      return;
    }
    // A filled honeypot is a bot: thank it and keep nothing.
    if (f.website) {
      ctx.body = messagePage('Thank you!', 'Your review was sent.');
      return;
    }
    const settings = await readSettings(c.tenant);
    const held = settings.autoPublish !== 'all' || looksLikeSpam(`${f.title ?? ''} ${f.content}`);
    const media = images.map((img) => ({ type: 'image' as const, url: storeImage(config.dataDir, img) }));
    try {
      const review = await saveCollectedReview({ knex, events }, c.tenant, {
        kind: 'product', productId: c.link.pr!, productTitle: c.line.title, rating, title: f.title?.trim() || null, content: f.content.trim(),
        firstName: f.firstName?.trim().slice(0, 255) || null, lastName: f.lastName?.trim().slice(0, 255) || null, email: c.order.email,
        country: c.order.shippingAddress?.countryCodeV2 ?? null, orderId: c.link.o, lineItemId: c.line.id, customerId: c.order.customer?.id ?? null,
        media, source: 'customer', verified: true, imported: false, status: held ? 'pending' : 'published', publishedAt: held ? null : new Date(),
      });
      await notifyRequest(c.link, { reviewId: review.id, hasPhotos: media.length > 0 });
    } catch (err) {
      if (!(err instanceof UniqueViolationError)) throw err;
    }
    ctx.body = messagePage('Thank you!', held ? 'Your review was sent and will appear once the store has checked it.' : 'Your review is live on the store.');
  });

  /** The review and whether it has photos: a review without any may get the photo reminder. */
  async function notifyRequest(link: LinkPayload, review: { reviewId: number; hasPhotos: boolean }) {
    await temporal.client.workflow.getHandle(`review-request:${link.shop}:${link.o}`).signal('reviewed', review).catch(() => undefined);
  }

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

  for (const more of [storefrontRoutes(services), editAnswerRoutes(services), photoRoutes(services)]) router.use(more.routes());
  return router;
}
