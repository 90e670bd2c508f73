import { definePlugin } from '@plaudit/kernel';

export default definePlugin({
  id: 'widgets',
  features: { customCss: 'base', removeBranding: 'base', ugc: 'base' },
  // Reviews and the review settings the storefront needs; without them the widgets show no reviews.
  // The write-review links of the customer portal; without them it links to the product's page.
  needs: { 'reviews.feed': 'optional', 'reviews.collect': 'optional' },
});
