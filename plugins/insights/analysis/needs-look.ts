// "Needs a look": reviews a merchant should read first, whatever the list's order. Three reasons:
// the text contradicts the stars (a 5-star review saying "broke after a day"), it names a safety or
// health matter (rash, fire, burns), or it looks like spam (links, phone numbers, promo codes).
import type { ReviewReading } from './mentions';

export type LookReason = 'contradiction' | 'safety' | 'spam';

export function needsALook(rating: number | null, reading: ReviewReading): LookReason[] {
  const reasons: LookReason[] = [];
  if (rating !== null && contradicts(rating, reading)) reasons.push('contradiction');
  if (reading.safetyTerms.length > 0) reasons.push('safety');
  if (reading.spam) reasons.push('spam');
  return reasons;
}

/** high stars over a text that mostly complains, or low stars over praise without irony */
function contradicts(rating: number, r: ReviewReading): boolean {
  if (rating >= 4) return r.score <= -2 || (r.score < 0 && r.negativeClauses > r.positiveClauses);
  if (rating <= 2) return !r.sarcasm && r.score >= 2 && r.negativeClauses === 0;
  return false;
}
