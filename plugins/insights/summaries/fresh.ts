// When the box shows a stored summary rather than quoted sentences: the shop still has it on, and
// the summary still speaks for the product's reviews. It is written at most once an hour per product
// and language, so a change inside that hour waits for the product's next change; the bound below
// keeps such a summary from outliving what it says.
import type { GeneratedSummary } from '@plaudit/contracts/insights';
import type { Tenant } from '@plaudit/kernel';
import { publishedCount, type StoredSummary, storedSummary, summaryOn } from '../db/product-summaries';

/** fewer published reviews than this and the quoted sentences say it as well */
export const SUMMARY_MIN_REVIEWS = 5;
/** a summary older than this is not shown (a shop whose reviews stopped changing keeps its quotes) */
export const SUMMARY_FRESH_MS = 30 * 24 * 60 * 60 * 1000;
/** reviews published or withdrawn since it was written, beyond which it is not shown: 5, or a fifth of them */
const driftAllowed = (reviews: number) => Math.max(5, Math.round(reviews / 5));

export function isFresh(s: StoredSummary, published: number, now = Date.now()): boolean {
  if (published < SUMMARY_MIN_REVIEWS) return false;
  if (now - new Date(s.generatedAt).getTime() > SUMMARY_FRESH_MS) return false;
  return Math.abs(published - s.reviews) <= driftAllowed(s.reviews);
}

/** the summary the box shows in `language` (a shopper language), or null: quoted sentences then */
export async function freshSummary(tenant: Tenant, productId: string, language: string): Promise<GeneratedSummary | null> {
  const [on, stored, published] = await Promise.all([summaryOn(tenant), storedSummary(tenant, productId, language), publishedCount(tenant, productId)]);
  if (!on || !stored?.text || !isFresh(stored, published)) return null;
  return { text: stored.text, language: stored.language, reviews: stored.reviews };
}
