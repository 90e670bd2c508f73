// The translations plugin (issue 19): the merchant's widget labels per storefront language
// ('translations.labels' for the widgets, defaults from their 'widgets.catalog'), and review text
// translation (second tier) through one provider interface (providers/: Apertium APy by default,
// DeepL, Google Cloud Translation v3, LibreTranslate), reading reviews through 'reviews.texts'.
import { definePlugin } from '@plaudit/kernel';
import { merchantLabels } from './api/label-store';
import { storefrontTranslations } from './api/storefront-translations';

export default definePlugin({
  id: 'translations',
  features: { reviewTranslation: 'second' },
  provides: { 'translations.labels': merchantLabels, 'translations.reviews': storefrontTranslations },
  needs: { 'widgets.catalog': 'optional', 'reviews.texts': 'optional' },
  // a review's language is detected when it is written and again when it is edited
  listens: ['review.created', 'review.updated'],
});
