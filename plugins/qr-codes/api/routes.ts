// The merchant's calls (spec section 7): GET /manual-import (the product list), POST /qrcodes
// (a product's code, plan-gated), GET|PUT /qrcodes-settings (the card).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppState, productGid, requireFeature } from '@plaudit/kernel';
import { codeFor, codesOf, totals } from '../db/codes';
import { CARD_DEFAULTS, cardSettings, fontsFor, type CardSettings } from '../shared/card';
import { generateInput, productListQuery, type GeneratedCode, type QrProductPage } from '../shared/products';
import { findProduct, productPage, starCounts } from './catalog';
import { qrPng } from './qr-image';

export function pageUrl(services: ApiServices, code: string): string {
  return `${services.config.appUrl}/q/${code}`;
}

export function cardSettingsOf(services: ApiServices) {
  return services.settings.namespace('qr-codes', cardSettings, CARD_DEFAULTS);
}

export function qrRoutes(services: ApiServices) {
  const settings = cardSettingsOf(services);
  const router = new Router<AppState>();

  router.get('/manual-import', async (ctx) => {
    const q = productListQuery.parse(ctx.query);
    const { tenant } = ctx.state;
    const { products, pageInfo } = await productPage(services, tenant.shopDomain, q);
    const ids = products.map((p) => p.id);
    const [stars, codes, counts] = await Promise.all([starCounts(services, tenant, ids), codesOf(tenant, ids), totals(tenant, ids)]);
    const rows = products.map((p) => {
      const code = codes.get(p.id);
      return {
        id: p.id.split('/').pop()!,
        allStarCount: stars[p.id]?.count ?? 0,
        image: p.image,
        title: p.title,
        handle: p.handle,
        productId: p.id,
        qrCode: code ? pageUrl(services, code) : null,
        lastImportedAt: p.updatedAt,
        ...(counts.get(p.id) ?? { scans: 0, reviews: 0 }),
      };
    });
    const body: QrProductPage = {
      success: true,
      // hasReview narrows the page Shopify returned (the store cannot filter by our counts)
      data: q.hasReview === 'true' ? rows.filter((r) => r.allStarCount > 0) : rows,
      page: q.page,
      pageInfo: {
        hasPre: pageInfo.hasPreviousPage,
        hasNext: pageInfo.hasNextPage,
        previousCursor: pageInfo.startCursor ?? null,
        nextCursor: pageInfo.endCursor ?? null,
      },
    };
    ctx.body = body;
  });

  router.post('/qrcodes', requireFeature('qrCode'), async (ctx) => {
    // the product row's id as the gid or its number alike
    const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
    const { productId } = generateInput.parse({ ...raw, productId: productGid(raw.productId as string) ?? raw.productId });
    const { tenant } = ctx.state;
    if (!(await findProduct(services, tenant.shopDomain, productId)))
      throw createHttpError(400, 'Validation failed', { errors: { productId: 'The value is invalid' } });
    const url = pageUrl(services, await codeFor(tenant, productId));
    const { qrCode: dark } = await settings.get(tenant.shopId);
    const body: GeneratedCode = { success: true, qrCode: await qrPng(url, dark), url };
    ctx.body = body;
  });

  router.get('/qrcodes-settings', async (ctx) => {
    const shop = await services.shops.get(ctx.state.auth.shopId);
    ctx.body = { success: true, data: await settings.get(ctx.state.auth.shopId), fonts: fontsFor(!!shop?.flags.hasVNMFonts) };
  });

  router.put('/qrcodes-settings', async (ctx) => {
    const patch = cardSettings
      .partial()
      .strict()
      .parse(ctx.request.body ?? {}) as Partial<CardSettings>;
    const shop = await services.shops.get(ctx.state.auth.shopId);
    if (patch.fontFamily && !fontsFor(!!shop?.flags.hasVNMFonts).includes(patch.fontFamily)) {
      throw createHttpError(400, 'Validation failed', { errors: { fontFamily: 'The value is invalid' } });
    }
    ctx.body = { success: true, data: await settings.update(ctx.state.auth.shopId, patch) };
  });

  return router;
}
