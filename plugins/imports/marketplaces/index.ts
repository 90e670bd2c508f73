// Marketplace import by product URL (spec sections 2, 5, 8): an AliExpress or Amazon product URL ->
// its reviews as ParsedReviews (product: null; the caller sets the shop's product the merchant picked).
// The spec's messages are MarketplaceErrors. With `baseUrl` (MARKETPLACE_BASE_URL: the marketplace
// emulator) https://<host>/<path> is fetched at `${baseUrl}/hosts/<host>/<path>`.
import type { ParsedReview } from '../shared/row';
import { aliexpressProductId, fetchAliExpressReviews, isAliExpressHost } from './aliexpress';
import { amazonAsin, fetchAmazonReviews, isAmazonHost } from './amazon';
import { countryCode, guardedFetch, MarketplaceError, type ReviewFilters } from './common';

export { countryFromName, MarketplaceError, MARKETPLACE_MESSAGES, parseMarketplaceDate, rewriteUrl, type MarketplaceErrorCode } from './common';

export type Marketplace = 'aliexpress' | 'amazon';

export interface MarketplaceRef {
  marketplace: Marketplace;
  /** AliExpress product id or Amazon ASIN */
  productRef: string;
  /** the host the URL names (www.amazon.co.uk, fr.aliexpress.com ...) */
  host: string;
}

export interface MarketplaceImportOptions {
  url: string;
  /** 1..100 */
  maxReviews: number;
  /** the ratings to keep; empty: all */
  stars: number[];
  withPhotos: boolean;
  /** ISO-2 reviewer country; empty or 'all': every country */
  country?: string | null;
}

export interface MarketplaceFetchOptions {
  /** the marketplace emulator's URL (config.marketplaceBaseUrl) */
  baseUrl?: string;
  /** config.env === 'production': pages and their redirects never on our own network */
  production?: boolean;
  /** instead of the guarded fetch (tests count the requests) */
  fetch?: typeof fetch;
}

function parseUrl(url: string): URL | undefined {
  const trimmed = url.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return undefined;
  }
}

/** The marketplace and product a URL names; a MarketplaceError with the spec's message otherwise. */
export function resolveMarketplaceUrl(url: string): MarketplaceRef & { url: URL } {
  const u = parseUrl(url);
  const host = u?.hostname.toLowerCase() ?? '';
  if (!u || !/^https?:$/.test(u.protocol)) throw new MarketplaceError('unsupported');
  if (isAliExpressHost(host)) {
    const productRef = aliexpressProductId(u);
    if (!productRef) throw new MarketplaceError('wrong-url', 'no product id in the URL');
    return { marketplace: 'aliexpress', productRef, host, url: u };
  }
  if (isAmazonHost(host)) {
    const productRef = amazonAsin(u);
    if (!productRef) throw new MarketplaceError('wrong-url', 'no ASIN in the URL');
    return { marketplace: 'amazon', productRef, host, url: u };
  }
  throw new MarketplaceError('unsupported');
}

/** The marketplace and product a URL names, or undefined (another host, or no product in it). */
export function parseMarketplaceUrl(url: string): MarketplaceRef | undefined {
  try {
    const { marketplace, productRef, host } = resolveMarketplaceUrl(url);
    return { marketplace, productRef, host };
  } catch {
    return undefined;
  }
}

/** The import's filters, checked: maxReviews 1..100 ('Number needs to be between equal 1 and 100'). */
export function marketplaceFilters(o: Omit<MarketplaceImportOptions, 'url'>): ReviewFilters {
  if (!Number.isInteger(o.maxReviews) || o.maxReviews < 1 || o.maxReviews > 100) throw new MarketplaceError('max-reviews');
  const stars = [...new Set((o.stars ?? []).filter((s) => Number.isInteger(s) && s >= 1 && s <= 5))].sort();
  const country = !o.country || /^all$/i.test(o.country) ? null : countryCode(o.country);
  return { maxReviews: o.maxReviews, stars: stars.length === 5 ? [] : stars, withPhotos: !!o.withPhotos, country };
}

/**
 * The product's reviews, newest first, filtered by stars, photos and country, at most maxReviews;
 * `line` is each review's position from 1. Throws MarketplaceError ('There is no reviews found...'
 * when nothing is left after the filters).
 */
export async function fetchMarketplaceReviews(o: MarketplaceImportOptions, env: MarketplaceFetchOptions = {}): Promise<ParsedReview[]> {
  const ref = resolveMarketplaceUrl(o.url);
  const filters = marketplaceFilters(o);
  const ctx = { baseUrl: env.baseUrl, fetch: env.fetch ?? guardedFetch(env.production ?? true, env.baseUrl) };
  const reviews =
    ref.marketplace === 'aliexpress'
      ? await fetchAliExpressReviews(ref.url, ref.productRef, filters, ctx)
      : await fetchAmazonReviews(ref.url, ref.productRef, filters, ctx);
  if (!reviews.length) throw new MarketplaceError('no-reviews');
  return reviews.map((r, i) => ({ ...r, line: i + 1 }));
}
