// What shoppers see of the reviews feed, shared by the storefront's JSON routes (read-routes.ts),
// the server-rendered widgets (widget-data.ts) and the Google feed: product ids as reviews store
// them, the reviewer's name as the merchant chose, media URLs on this app, rating summaries.
import type { PublicReview, RatingSummary } from '@plaudit/contracts/reviews';
import type { DisplaySettings } from '../shared/display-settings';
import type { Summary } from '../shared/widget-types';

/** Reviews store product gids; storefronts (Liquid's product.id) send digits. */
export function productGid(id: string): string {
  return /^\d+$/.test(id) ? `gid://shopify/Product/${id}` : id;
}

/** What the merchant chose to show of a reviewer ("Ada L.", "Ada" or "Anonymous"). */
export function shownAuthor(author: string, mode: DisplaySettings['general']['reviewerName']): string {
  if (mode === 'anonymous') return 'Anonymous';
  if (mode === 'first') return /^(.+) \S\.$/u.exec(author)?.[1] ?? author;
  return author;
}

/** Media stored by us are paths on this app (/media/..): shoppers reach them by its URL. */
export function absoluteUrl(url: string, appUrl: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${appUrl}${url}` : url;
}

export function forShoppers(r: PublicReview, display: DisplaySettings, appUrl: string): PublicReview {
  const media = r.media.map((m) => ({
    ...m,
    url: absoluteUrl(m.url, appUrl),
    ...(m.variants ? { variants: m.variants.map((v) => ({ ...v, url: absoluteUrl(v.url, appUrl) })) } : {}),
    ...(m.poster ? { poster: absoluteUrl(m.poster, appUrl) } : {}),
    ...(m.captions ? { captions: absoluteUrl(m.captions, appUrl) } : {}),
  }));
  return { ...r, author: shownAuthor(r.author, display.general.reviewerName), media };
}

const EMPTY: Summary = { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 };

export function toSummary(s: Omit<RatingSummary, 'productId'> | undefined): Summary {
  return s ? { count: s.count, average: s.average, stars: s.stars, mediaCount: s.mediaCount ?? 0 } : EMPTY;
}
