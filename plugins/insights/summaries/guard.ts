// What a model's summary must not be before a shopper reads it as ours: a refusal, a link, contact
// details, stars or ratings (the model is given none, so any is invented), or longer than the box's
// space. A refused summary is not stored: the box keeps quoting sentences.
import { NO_SUMMARY } from './prompt';

/** the box's space: about three lines on a phone */
export const SUMMARY_MAX_CHARS = 500;

export type SummaryRefusal = 'empty' | 'refusal' | 'link' | 'contact' | 'rating' | 'length';

const LINK = /\b(?:https?:\/\/|www\.)|\b[a-z0-9-]+\.(?:com|net|org|io|shop|store|co|de|fr|es|it|nl|uk|jp)\b/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
/** seven or more digits with the usual separators: a phone number */
const PHONE = /\+?\d[\d\s()./-]{5,}\d/;
/** stars, ratings and scores in the shopper languages the reader knows best, and their symbols */
const RATING =
  /[★☆⭐]|\b\d(?:[.,]\d)?\s*(?:\/|out of|von|sur|de|su|van|em)\s*(?:5|five|fünf|cinq|cinco|cinque|vijf)\b|\b(?:stars?|rating|rated|Sterne?n?|étoiles?|estrellas?|stelle|sterren|estrelas?)\b/i;
/** answers that are the model declining rather than a summary */
const DECLINED = /^(?:I(?:'m| am) sorry|I can(?:no|')t|I'm unable|As an AI|Sorry,)/i;

export function guardSummary(raw: string): { text: string } | { refused: SummaryRefusal } {
  const text = raw
    .trim()
    .replace(/^["“„«]([\s\S]*)["”“»]$/, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return { refused: 'empty' };
  if (text.includes(NO_SUMMARY) || DECLINED.test(text)) return { refused: 'refusal' };
  if (LINK.test(text)) return { refused: 'link' };
  if (EMAIL.test(text) || PHONE.test(text)) return { refused: 'contact' };
  if (RATING.test(text)) return { refused: 'rating' };
  if (text.length > SUMMARY_MAX_CHARS) return { refused: 'length' };
  return { text };
}
