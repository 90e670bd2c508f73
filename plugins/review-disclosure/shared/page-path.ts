/** The page's path under a storefront endpoint (`/apps/plaudit/<path>`, `/storefront/shops/<shop>/<path>`). */
export const PAGE_PATH = 'how-reviews-are-collected';
