// The translations plugin's durable event handlers (issue 19): a new review's language is detected
// and stored as it is written; an edited review's language is detected again and its cached
// translations are dropped (the source hash would refuse them anyway; this frees the rows). The
// activities: the bulk translation's page (bulk-page.ts) and the batch detection of imported reviews'
// languages (review-text/detect-batch.ts).
import type { ActivityDeps } from '@plaudit/kernel';
import type { ReviewTexts } from '../shared/review-texts';
import { detectLanguage } from '../review-text/detect';
import { REVIEW_TEXTS } from '../review-text/translate-reviews';
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

/** What this plugin reads of 'review.created' and 'review.updated' (the reviews plugin's events). */
interface ReviewCreated { shopId: number; shopDomain: string; reviewId: number }
interface ReviewsChanged { shopId: number; shopDomain: string; change: string; reviews: { reviewId: number; status: string }[] }

export function createEventHandlers(deps: ActivityDeps) {
  const detectAndStore = async (shopId: number, shopDomain: string, ids: number[]) => {
    const texts = deps.capabilities.get<ReviewTexts>(REVIEW_TEXTS);
    if (!texts) return;
    const tenant = deps.tenant(shopId, shopDomain);
    for (const r of await texts.read(tenant, ids)) await texts.setLanguage(tenant, r.id, detectLanguage(r.title, r.content));
  };
  return {
    async 'review.created'(e: ReviewCreated) {
      await detectAndStore(e.shopId, e.shopDomain, [e.reviewId]);
    },
    async 'review.updated'(e: ReviewsChanged) {
      // moderation changes keep the words; only an edit changes what was translated
      if (e.change !== 'edit') return;
      const ids = e.reviews.map((r) => r.reviewId);
      await forgetTranslations(deps.tenant(e.shopId, e.shopDomain), ids);
      await detectAndStore(e.shopId, e.shopDomain, ids);
    },
  };
}
