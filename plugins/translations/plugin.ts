// The translations plugin (issue 19): the merchant's widget labels per storefront language
// (TranslationLabels for the widgets, which hand over their catalog's defaults), and review text
// translation (second tier, TranslationReviews) through one provider interface (providers/: Apertium
// APy by default, DeepL, Google Cloud Translation v3, LibreTranslate), reading reviews through ReviewTexts.
import { definePlugin, provide } from '@plaudit/kernel';
import { TranslationLabels, TranslationReviews } from '@plaudit/contracts/translations';
import { ReviewCreated, ReviewTexts, ReviewUpdated } from '@plaudit/contracts/reviews';
import { merchantLabels } from './api/label-store';
import { storefrontTranslations } from './api/storefront-translations';

export default definePlugin({
  id: 'translations',
  features: { reviewTranslation: 'second' },
  // the storefront widgets' labels and review translation; the widgets plugin needs these, this one nothing of it
  provides: [provide(TranslationLabels, merchantLabels), provide(TranslationReviews, storefrontTranslations)],
  needs: [ReviewTexts],
  // a review's language is detected when it is written and again when it is edited
  listens: [ReviewCreated, ReviewUpdated],
});
