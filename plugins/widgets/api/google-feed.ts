// The Google Product Ratings feed (product review feed schema 2.4) of a shop: up to 10,000 published
// product reviews, newest first, at a stable URL Merchant Center fetches. Streamed page by page
// from the review feed, so a full feed is never held as one string; every value is escaped for
// XML and stripped of characters XML 1.0 cannot carry. Only elements schema 2.2 already had are
// written (2.3 and 2.4 add optional ones), so the document is valid under every version since.
import { Readable } from 'node:stream';
import createHttpError from 'http-errors';
import type { ApiServices, Logger } from '@plaudit/kernel';
import type { PublicReview, ReviewFeedApi } from '@plaudit/contracts/reviews';
import { reviewFeedOf } from '../shared/review-feed';
import type { ProductIds } from './product-ids';
import { cachedProductIds } from './google-product-ids';
import { catalogueVersion } from '../shared/google-catalogue';
import { answer, matches, PUBLIC_CACHE_CONTROL } from './cache';
import { absoluteUrl } from './shopper-view';
import { FEED_LANGUAGE, inLanguage } from './google-feed-language';
import type { StorefrontAppState, StorefrontShop } from './shop-context';
import type { ParameterizedContext } from 'koa';

export const FEED_MAX_REVIEWS = 10_000;
const PAGE = 500;
const SCHEMA = 'http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd';

// XML 1.0 Char excludes C0 controls but tab, LF and CR, and U+FFFE / U+FFFF.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlEscape(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

const element = (name: string, value: string) => `<${name}>${xmlEscape(value)}</${name}>`;
export const present = (value: string | null | undefined): value is string => !!value && /\S/.test(value.replace(NOT_XML, ''));

export interface FeedProduct {
  url: string;
  /** the store's product id (digits of the gid): the SKU Google matches when the store gives none */
  id: string;
  /** GTINs (valid barcodes), SKUs and brand from the store's catalogue (product-ids.ts) */
  gtins?: string[];
  skus?: string[];
  brand?: string | null;
}

/** <product_ids> in the schema's order (gtins, mpns, skus, brands, asins): what Google matches by. */
function productIdsXml(product: FeedProduct): string {
  const list = (outer: string, inner: string, values: string[]) =>
    values.length ? `<${outer}>${values.map((v) => element(inner, v)).join('')}</${outer}>` : '';
  const skus = product.skus?.length ? product.skus : [product.id];
  return `<product_ids>${list('gtins', 'gtin', product.gtins ?? [])}${list('skus', 'sku', skus)}${list('brands', 'brand', product.brand ? [product.brand] : [])}</product_ids>`;
}

function productNumber(gid: string): string {
  return /(\d+)$/.exec(gid)?.[1] ?? gid;
}

export function productUrl(shop: StorefrontShop, handle: string): string {
  return `https://${shop.storeDomain}/products/${encodeURIComponent(handle)}`;
}

/** One <review>; undefined when it cannot be a valid one (no text, no product page). */
export function reviewXml(
  r: PublicReview,
  product: FeedProduct | undefined,
  opts: { anonymous: boolean; appUrl: string; reviewId?: string },
): string | undefined {
  const content = present(r.content) ? r.content : present(r.title) ? r.title : null;
  if (!content || !product) return undefined;
  const anonymous = opts.anonymous || r.author === 'Anonymous';
  const images = r.media
    .filter((m) => m.type === 'image')
    .map((m) => absoluteUrl(m.url, opts.appUrl))
    .filter((u) => /^https?:\/\/\S+\.\S+$/.test(u));
  return [
    '<review>',
    element('review_id', opts.reviewId ?? String(r.id)),
    `<reviewer><name${anonymous ? ' is_anonymous="true"' : ''}>${xmlEscape(anonymous ? 'Anonymous' : r.author)}</name></reviewer>`,
    element('review_timestamp', r.createdAt),
    present(r.title) && content !== r.title ? element('title', r.title) : '',
    element('content', content),
    `<review_url type="group">${xmlEscape(product.url)}</review_url>`,
    images.length ? `<reviewer_images>${images.map((u) => `<reviewer_image>${element('url', u)}</reviewer_image>`).join('')}</reviewer_images>` : '',
    `<ratings><overall min="1" max="5">${r.rating}</overall></ratings>`,
    '<products><product>',
    productIdsXml(product),
    present(r.productTitle) ? element('product_name', r.productTitle) : '',
    element('product_url', product.url),
    '</product></products>',
    r.verified ? '<collection_method>post_fulfillment</collection_method>' : '',
    '</review>\n',
  ].join('');
}

async function* feedDocument(
  feed: ReviewFeedApi,
  services: Pick<ApiServices, 'platform' | 'config' | 'capabilities'>,
  state: StorefrontAppState,
  log: Logger,
  language?: string,
) {
  const { shop, tenant, display } = state.storefront;
  const anonymous = display.general.reviewerName === 'anonymous';
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${SCHEMA}">\n` +
    `<version>2.4</version>\n<aggregator>${element('name', 'Plaudit')}</aggregator>\n<publisher>${element('name', shop.name)}</publisher>\n`;
  let written = 0;
  let after: string | null = null;
  let opened = false;
  // the catalogue's identifiers (and handles of reviews written before theirs were known), per product, once
  const catalogue = new Map<string, ProductIds | null>();
  while (written < FEED_MAX_REVIEWS) {
    const page = await feed.reviews(tenant, {
      kind: 'product',
      sort: 'newest',
      excludeDemo: true,
      excludeCopies: true,
      limit: Math.min(PAGE, FEED_MAX_REVIEWS - written),
      after,
    });
    const reviews = await inLanguage(services, tenant, page.items, language);
    const unseen = [...new Set(reviews.filter(({ review: r }) => r.productId && !catalogue.has(r.productId)).map(({ review: r }) => r.productId!))];
    const found = await cachedProductIds(services, tenant, unseen, log);
    for (const id of unseen) catalogue.set(id, found.get(id) ?? null);
    let chunk = '';
    for (const { review: r, reviewId } of reviews) {
      const ids = r.productId ? catalogue.get(r.productId) : undefined;
      const handle = r.productHandle || ids?.handle;
      const product =
        handle && r.productId
          ? { url: productUrl(shop, handle), id: productNumber(r.productId), gtins: ids?.gtins, skus: ids?.skus, brand: ids?.brand }
          : undefined;
      const xml = reviewXml(r, product, { anonymous, appUrl: services.config.appUrl, reviewId });
      if (!xml) continue;
      if (!opened) chunk += '<reviews>\n';
      opened = true;
      chunk += xml;
      written++;
    }
    if (chunk) yield chunk;
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  yield `${opened ? '</reviews>\n' : ''}</feed>\n`;
}

/**
 * GET feeds/google-product-reviews.xml[?language=fr] (google-feed-language.ts). Its ETag follows the shop's versions and its catalogue's, so
 * Merchant Center's conditional fetches are answered 304 without reading a review or a product.
 */
export function googleFeedHandler(services: ApiServices) {
  return async (ctx: ParameterizedContext<StorefrontAppState>) => {
    const s = ctx.state.storefront;
    const language = ctx.query.language;
    if (language !== undefined && (typeof language !== 'string' || !FEED_LANGUAGE.test(language)))
      throw createHttpError(400, 'language must be a locale such as fr or pt-BR');
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    // the catalogue's version: a product's new GTIN (its webhook) or the cache's TTL changes the feed too
    const etag = `W/"gpr-${s.shop.id}-${language ?? 'all'}-${s.versions.feed}-${s.versions.settings}-${await catalogueVersion(s.tenant)}"`;
    if (matches(ctx.get('If-None-Match'), etag)) return answer(ctx, { etag, body: Buffer.alloc(0), type: 'application/xml' });
    ctx.set('ETag', etag);
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = Readable.from(feedDocument(reviewFeedOf(services), services, ctx.state, ctx.state.log, language), { objectMode: false });
  };
}
