// The Google Product Ratings feed (product review feed schema 2.4) of a shop: up to 10,000 published
// product reviews, newest first, at a stable URL Merchant Center fetches. Streamed page by page
// from the review feed, so a full feed is never held as one string; every value is escaped for
// XML and stripped of characters XML 1.0 cannot carry. Only elements schema 2.2 already had are
// written (2.3 and 2.4 add optional ones), so the document is valid under every version since.
import { Readable } from 'node:stream';
import type { ApiServices, Logger } from '@plaudit/kernel';
import type { PublicReview, ReviewFeedApi } from '@plaudit/contracts/reviews';
import { reviewFeedOf } from '../shared/review-feed';
import { answer, matches, PUBLIC_CACHE_CONTROL } from './cache';
import { absoluteUrl } from './shopper-view';
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
const present = (value: string | null | undefined): value is string => !!value && /\S/.test(value.replace(NOT_XML, ''));

export interface FeedProduct {
  url: string;
  /** the store's product id (digits of the gid): the id Google can match besides the URL */
  id: string;
}

function productNumber(gid: string): string {
  return /(\d+)$/.exec(gid)?.[1] ?? gid;
}

export function productUrl(shop: StorefrontShop, handle: string): string {
  return `https://${shop.storeDomain}/products/${encodeURIComponent(handle)}`;
}

/** One <review>; undefined when it cannot be a valid one (no text, no product page). */
export function reviewXml(r: PublicReview, product: FeedProduct | undefined, opts: { anonymous: boolean; appUrl: string }): string | undefined {
  const content = present(r.content) ? r.content : present(r.title) ? r.title : null;
  if (!content || !product) return undefined;
  const anonymous = opts.anonymous || r.author === 'Anonymous';
  const images = r.media
    .filter((m) => m.type === 'image')
    .map((m) => absoluteUrl(m.url, opts.appUrl))
    .filter((u) => /^https?:\/\/\S+\.\S+$/.test(u));
  return [
    '<review>',
    element('review_id', String(r.id)),
    `<reviewer><name${anonymous ? ' is_anonymous="true"' : ''}>${xmlEscape(anonymous ? 'Anonymous' : r.author)}</name></reviewer>`,
    element('review_timestamp', r.createdAt),
    present(r.title) && content !== r.title ? element('title', r.title) : '',
    element('content', content),
    `<review_url type="group">${xmlEscape(product.url)}</review_url>`,
    images.length ? `<reviewer_images>${images.map((u) => `<reviewer_image>${element('url', u)}</reviewer_image>`).join('')}</reviewer_images>` : '',
    `<ratings><overall min="1" max="5">${r.rating}</overall></ratings>`,
    '<products><product>',
    `<product_ids><skus>${element('sku', product.id)}</skus></product_ids>`,
    present(r.productTitle) ? element('product_name', r.productTitle) : '',
    element('product_url', product.url),
    '</product></products>',
    r.verified ? '<collection_method>post_fulfillment</collection_method>' : '',
    '</review>\n',
  ].join('');
}

/**
 * Product pages need handles; reviews written before the handle was known are looked up in the
 * store's catalogue (one query per page of reviews). Products not found leave their reviews out.
 */
async function handlesFor(services: Pick<ApiServices, 'platform'>, shop: StorefrontShop, ids: string[], log: Logger): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!ids.length || !services.platform) return found;
  try {
    const query = ids.map((id) => `id:${productNumber(id)}`).join(' OR ');
    const products = await services.platform.adminApi(shop.domain).products({ first: Math.min(ids.length, 250), query });
    for (const p of products.nodes) found.set(p.id, p.handle);
  } catch (err) {
    log.warn({ err: (err as Error).message, shop: shop.domain }, 'google feed: product handles unavailable');
  }
  return found;
}

async function* feedDocument(feed: ReviewFeedApi, services: Pick<ApiServices, 'platform' | 'config'>, state: StorefrontAppState, log: Logger) {
  const { shop, tenant, display } = state.storefront;
  const anonymous = display.general.reviewerName === 'anonymous';
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${SCHEMA}">\n` +
    `<version>2.4</version>\n<aggregator>${element('name', 'Plaudit')}</aggregator>\n<publisher>${element('name', shop.name)}</publisher>\n`;
  let written = 0;
  let after: string | null = null;
  let opened = false;
  const handles = new Map<string, string>();
  while (written < FEED_MAX_REVIEWS) {
    const page = await feed.reviews(tenant, { kind: 'product', sort: 'newest', excludeDemo: true, limit: Math.min(PAGE, FEED_MAX_REVIEWS - written), after });
    const missing = [...new Set(page.items.filter((r) => r.productId && !r.productHandle && !handles.has(r.productId)).map((r) => r.productId!))];
    for (const [id, handle] of await handlesFor(services, shop, missing, log)) handles.set(id, handle);
    let chunk = '';
    for (const r of page.items) {
      const handle = r.productHandle || (r.productId ? handles.get(r.productId) : undefined);
      const xml = reviewXml(r, handle && r.productId ? { url: productUrl(shop, handle), id: productNumber(r.productId) } : undefined, {
        anonymous,
        appUrl: services.config.appUrl,
      });
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
 * GET feeds/google-product-reviews.xml. Its ETag follows the shop's versions, so Merchant Center's
 * conditional fetches are answered 304 without reading a review.
 */
export function googleFeedHandler(services: ApiServices) {
  return async (ctx: ParameterizedContext<StorefrontAppState>) => {
    const s = ctx.state.storefront;
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    const etag = `W/"gpr-${s.shop.id}-${s.versions.feed}-${s.versions.settings}"`;
    if (matches(ctx.get('If-None-Match'), etag)) return answer(ctx, { etag, body: Buffer.alloc(0), type: 'application/xml' });
    ctx.set('ETag', etag);
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = Readable.from(feedDocument(reviewFeedOf(services), services, ctx.state, ctx.state.log), { objectMode: false });
  };
}
