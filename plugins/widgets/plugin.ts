import { definePlugin } from '@plaudit/kernel';
import { widgetsCatalog } from './api/storefront-text';

export default definePlugin({
  id: 'widgets',
  features: { customCss: 'base', removeBranding: 'base', ugc: 'base' },
  // Reviews and the review settings the storefront needs; without them the widgets show no reviews.
  // The write-review links of the customer portal; without them it links to the product's page.
  // The merchant's labels per language (the translations plugin); without it the catalog's texts.
  // Review text translation ("See translation", second tier); without it no review offers one.
  // Video reviews in the review form (second tier); without them the form takes photos only.
  needs: { 'reviews.feed': 'optional', 'reviews.collect': 'optional', 'translations.labels': 'optional', 'translations.reviews': 'optional', 'reviews.video': 'optional' },
  // The storefront catalog's default texts, for the translations screen to show and check against.
  provides: { 'widgets.catalog': widgetsCatalog },
});
