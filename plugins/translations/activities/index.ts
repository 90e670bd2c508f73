// The translations plugin's durable event handlers (issue 19): a new review's language is detected
// and stored as it is written; an edited review's language is detected again and its cached
// translations are dropped (the source hash would refuse them anyway; this frees the rows). The
// activities: the bulk translation's page (bulk-page.ts) and the batch detection of imported reviews'
// languages (review-text/detect-batch.ts).
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ReviewCreated, ReviewTexts, ReviewUpdated } from '@plaudit/contracts/reviews';
import { detectLanguage } from '../review-text/detect';
import { forgetTranslations } from '../review-text/translation-cache';
import { detectLanguagesPage } from '../review-text/detect-batch';
import type { BulkInput, DetectionInput } from '../workflows/messages';
import { bulkPage } from './bulk-page';

export function createActivities(deps: ActivityDeps) {
  return {
    /** one page of the bulk translation workflow */
    translationsBulkPage: (input: BulkInput, afterId: number) => bulkPage(deps, input, afterId),
    /** the languages of the next shops' reviews written without an event (imports) */
    translationsDetectPage: (input: DetectionInput) => detectLanguagesPage(deps, input),
  };
}

export function createEventHandlers(deps: ActivityDeps) {
  const detectAndStore = async (shopId: number, shopDomain: string, ids: number[]) => {
    const texts = deps.capabilities.get(ReviewTexts);
    if (!texts) return;
    const tenant = deps.tenant(shopId, shopDomain);
    for (const r of await texts.read(tenant, ids)) await texts.setLanguage(tenant, r.id, await detectLanguage(r.title, r.content));
  };
  return eventHandlers(
    handleEvent(ReviewCreated, async (e) => {
      await detectAndStore(e.shopId, e.shopDomain, [e.reviewId]);
    }),
    handleEvent(ReviewUpdated, async (e) => {
      // moderation changes keep the words; only an edit changes what was translated
      if (e.change !== 'edit') return;
      const ids = e.reviews.map((r) => r.reviewId);
      await forgetTranslations(deps.tenant(e.shopId, e.shopDomain), ids);
      await detectAndStore(e.shopId, e.shopDomain, ids);
    }),
  );
}
