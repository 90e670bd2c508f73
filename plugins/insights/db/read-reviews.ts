// Reads reviews through the reviews plugin's contract and stores what the offline reader finds:
// the path of every event (a review written, edited, moderated, deleted) and of the full rebuild.
// The language is the one the translations plugin stored, else detected here; a review in another
// language is stored without topics (never guessed).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { ReviewFactsApi, ReviewTextsApi } from '@plaudit/contracts/reviews';
import { detectLanguage } from '../analysis/language';
import { readReview } from '../analysis/mentions';
import { needsALook } from '../analysis/needs-look';
import { looksLikeSpam } from '../analysis/spam';
import { isLanguage } from '../analysis/topics';
import { type StoredReading, storeReadings } from './store';

export interface ReviewSources {
  facts: ReviewFactsApi;
  texts?: ReviewTextsApi;
}

/** reads these reviews again and stores the result; a review the shop no longer has is forgotten */
export async function readAndStore(knex: Knex, sources: ReviewSources, tenant: Tenant, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const stored = new Map((await sources.texts?.read(tenant, unique))?.map((t) => [t.id, t.language]) ?? []);
  const readings: StoredReading[] = [];
  const gone: number[] = [];
  for (const id of unique) {
    const facts = await sources.facts.reviewFacts(tenant, id);
    if (!facts) {
      gone.push(id);
      continue;
    }
    const text = [facts.title, facts.content].filter((t) => t?.trim()).join('. ');
    const known = stored.get(id);
    const language = isLanguage(known) ? known : known ? null : await detectLanguage(text);
    const reading = language ? readReview(text, language, facts.rating) : null;
    readings.push({
      reviewId: id,
      productId: facts.productId,
      language: language ?? known ?? null,
      rating: facts.rating,
      score: reading?.score ?? 0,
      published: facts.status === 'published',
      // a review in the recycle bin needs no look; one the lexicons cannot read is still checked for links and phone numbers
      lookReasons: facts.status === 'trash' ? [] : reading ? needsALook(facts.rating, reading) : looksLikeSpam(text, []) ? ['spam'] : [],
      mentions: reading?.mentions ?? [],
    });
  }
  await storeReadings(knex, tenant, readings, gone);
  return readings.length;
}
