// The theme app extension's pieces the onboarding places (extensions/plaudit-reviews/blocks): the
// app embed that switches the storefront widgets on, and the two app blocks of product pages.
export const APP_EMBED = 'popup';
export const THEME_BLOCKS = {
  reviewBox: { handle: 'review-box', template: 'product', target: 'newAppsSection' },
  starRating: { handle: 'star-rating', template: 'product', target: 'mainSection' },
} as const;

/** GET /api/onboarding/theme: where each piece stands in the live theme and the deep link that places it. */
export interface ThemeStatus {
  /** false when the store platform cannot be asked (no platform configured, scope missing, Shopify down) */
  available: boolean;
  themeName?: string;
  appEmbed?: { enabled: boolean; link: string };
  reviewBox?: { placed: boolean; link: string };
  starRating?: { placed: boolean; link: string };
}
