// The Google feed in one language (`?language=fr`): Merchant Center takes one language per feed, so
// a shop selling in several (Shopify Markets) registers one feed per language. A review is in the
// language's feed in its own words when written in that language, or in the translation the
// translations plugin has already stored for it (TranslationReviews with `cachedOnly`: a fetch never
// asks a translation provider); other reviews are left out. Without the translations plugin (or
// below its tier) a review's language is the storefront locale it was written in.
import type { ApiServices, Tenant } from '@plaudit/kernel';
import type { PublicReview } from '@plaudit/contracts/reviews';
import { reviewTranslationsOf } from '../shared/review-translations';

/** A Shopify locale as a feed's language: `fr`, `pt-BR`, `zh-CN`. */
export const FEED_LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** The language without its region: reviews in `pt` are in the `pt-BR` feed and the `pt-PT` one. */
export const baseLanguage = (language: string) => language.toLowerCase().split(/[-_]/)[0];

export interface FeedReview {
  review: PublicReview;
  /** the review's id in this feed: a translation's is `<id>-<language>`, apart from the original's in its own feed */
  reviewId: string;
}

/** The page's reviews as the feed of `language` carries them, in order; undefined `language`: all, as written. */
export async function inLanguage(
  services: Pick<ApiServices, 'capabilities'>,
  tenant: Tenant,
  reviews: PublicReview[],
  language?: string,
): Promise<FeedReview[]> {
  if (!language) return reviews.map((review) => ({ review, reviewId: String(review.id) }));
  const target = baseLanguage(language);
  const answers = await reviewTranslationsOf(services).translate(
    tenant,
    reviews.map((r) => r.id),
    language,
    { cachedOnly: true },
  );
  const byId = new Map(answers.map((a) => [a.reviewId, a]));
  const out: FeedReview[] = [];
  for (const review of reviews) {
    const answer = byId.get(review.id);
    const own = answer?.language ?? review.locale;
    if (own && baseLanguage(own) === target) out.push({ review, reviewId: String(review.id) });
    else if (answer?.status === 'translated' && answer.translation)
      out.push({
        review: { ...review, title: answer.translation.title, content: answer.translation.content },
        reviewId: `${review.id}-${language}`,
      });
  }
  return out;
}
