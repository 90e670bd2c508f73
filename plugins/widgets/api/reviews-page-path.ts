// Where the shop's public reviews page is under a storefront endpoint: `/apps/plaudit/reviews` on
// the shop's own domain (app proxy), `<app>/storefront/shops/<shop>/reviews` directly.
export const REVIEWS_PAGE_PATH = 'reviews';

/** The page (1 is left out: the first page has one address) in a language, under `endpoint`. */
export function reviewsPageUrl(endpoint: string, lang: string, page = 1): string {
  const q = new URLSearchParams(page > 1 ? { page: String(page), locale: lang } : { locale: lang });
  return `${endpoint}/${REVIEWS_PAGE_PATH}?${q}`;
}
