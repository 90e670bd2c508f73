// Insights: what customers say about a product, read from its reviews offline (issue 35). This round:
// the topic ("mentions") extractor with per-topic sentiment and the "needs a look" rule (analysis/),
// their quality bench (bench/), and the stored readings kept current from the reviews' events with a
// rebuild command. The storefront block, the admin and the providers come next (README.md).
import { definePlugin } from '@plaudit/kernel';
import { ReviewCreated, ReviewDeleted, ReviewFacts, ReviewPublished, ReviewTexts, ReviewUpdated } from '@plaudit/contracts/reviews';

export default definePlugin({
  id: 'insights',
  // the reviews' rating, product and words (facts); the language the translations plugin detected (texts)
  needs: [ReviewFacts, ReviewTexts],
  // every change of a review changes what its product's shoppers say
  listens: [ReviewCreated, ReviewUpdated, ReviewPublished, ReviewDeleted],
});
