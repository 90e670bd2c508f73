// Reads reviews through the reviews plugin's contract (`reviews.texts`: words, language and facts in
// one query) and stores what the offline reader finds: the path of a shop's batch of changes (a
// review written, edited, moderated, deleted) and of the full rebuild's pages. The language is the
// one the translations plugin stored, else detected here; a review in another language is stored
// without topics (never guessed).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { ReviewLabelsApi, ReviewTextFacts, ReviewTextsApi } from '@plaudit/contracts/reviews';
import { detectLanguage } from '../analysis/language';
import { readReview } from '../analysis/mentions';
import { needsALook } from '../analysis/needs-look';
import { looksLikeSpam } from '../analysis/spam';
import { isLanguage } from '../analysis/topics';
import { type StoredReading, storeReadings } from './store';
import type { TopicEvents } from './topics-changed';

/**
 * where reviews are read from, where their labels go when the reviews plugin takes them (Manage
 * reviews), and the events that say which products' topic counts changed (topics.updated)
 */
export interface ReviewSources {
  texts: ReviewTextsApi;
  labels?: ReviewLabelsApi;
  events?: TopicEvents;
}

const YIELD_EVERY = 50;

/** the reader's findings for each review; it lets other work of the process run now and then (a rebuild's store of the page before) */
export async function readingsOf(reviews: ReviewTextFacts[]): Promise<StoredReading[]> {
  const readings: StoredReading[] = [];
  for (const review of reviews) {
    if (readings.length % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    readings.push(await readingOf(review));
  }
  return readings;
}

async function readingOf(review: ReviewTextFacts): Promise<StoredReading> {
  const text = [review.title, review.content].filter((t) => t?.trim()).join('. ');
  const known = review.language;
  const language = isLanguage(known) ? known : known ? null : await detectLanguage(text);
  const reading = language ? readReview(text, language, review.rating) : null;
  return {
    reviewId: review.id,
    productId: review.productId,
    language: language ?? known ?? null,
    rating: review.rating,
    // the review's own date (an imported one's original): analytics' topics over time count it on that day
    writtenAt: review.createdAt,
    score: reading?.score ?? 0,
    published: review.status === 'published',
    // a review in the recycle bin needs no look; one the lexicons cannot read is still checked for links and phone numbers
    lookReasons: review.status === 'trash' ? [] : reading ? needsALook(review.rating, reading) : looksLikeSpam(text, []) ? ['spam'] : [],
    mentions: reading?.mentions ?? [],
  };
}

/** reads these reviews again and stores the result, recounting their products; a review the shop no longer has is forgotten */
export async function readAndStore(knex: Knex, { texts, labels, events }: ReviewSources, tenant: Tenant, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const reviews = await texts.readFacts(tenant, unique);
  const found = new Set(reviews.map((r) => r.id));
  const gone = unique.filter((id) => !found.has(id));
  await storeReadings(knex, tenant, await readingsOf(reviews), gone, { labels, events });
  return reviews.length;
}
