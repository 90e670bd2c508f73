// A review's sentences exactly as written, and the one that can be quoted for a topic: it names the
// topic itself, going the way the review went, in words of its own (a sentence scoring 0 would only
// borrow the stars). Sentences come from Intl.Segmenter (ICU's sentence rules for the language,
// built into Node: no library to add); each is read alone by the same reader (analysis/) that found
// the review's topics. Nothing is reworded, cut or joined: a quote is a substring of the review.
import { readReview } from '../analysis/mentions';
import { isLanguage } from '../analysis/topics';

/** short enough to read at a glance in the box, long enough to say something */
export const QUOTE_CHARS = { min: 15, max: 160 };

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: string): Intl.Segmenter {
  let found = segmenters.get(language);
  if (!found) segmenters.set(language, (found = new Intl.Segmenter(language, { granularity: 'sentence' })));
  return found;
}

/**
 * "Dr.", "Nr.", "z. B.", "e.g." at a segment's end: V8's segmenter has no abbreviation list (ICU's
 * suppressions are not built in), so such a segment runs on into the next one.
 */
const ABBREVIATION_END = /(?:^|\s)(?:\p{Lu}\p{Ll}{0,2}|\p{Ll}|\p{L}\.\p{L})\.\s*$/u;

/** the text's sentences, trimmed; a line break ends one too (reviews are often written as lines) */
export function sentencesOf(text: string, language: string): string[] {
  const segments: string[] = [];
  for (const { segment } of segmenter(language).segment(text)) {
    const last = segments.length - 1;
    if (last >= 0 && ABBREVIATION_END.test(segments[last]) && !segments[last].includes('\n')) segments[last] += segment;
    else segments.push(segment);
  }
  return segments.flatMap((segment) => segment.split(/\n+/).map((line) => line.trim())).filter(Boolean);
}

export interface QuotableReview {
  title: string | null;
  content: string;
  rating: number;
  language: string;
}

/** the first sentence of the text (then the title) that speaks of `topic` going `sentiment`'s way in its own words */
export function quoteFor(review: QuotableReview, topic: string, sentiment: 1 | -1): string | undefined {
  const { language } = review;
  if (!isLanguage(language)) return undefined;
  const title = review.title?.trim();
  for (const sentence of [...sentencesOf(review.content, language), ...(title ? [title] : [])]) {
    const chars = [...sentence].length;
    if (chars < QUOTE_CHARS.min || chars > QUOTE_CHARS.max || sentence.endsWith('?')) continue;
    const reading = readReview(sentence, language, review.rating);
    if (reading.spam || reading.safetyTerms.length || Math.sign(reading.score) !== sentiment) continue;
    if (reading.mentions.some((m) => m.topic === topic && m.sentiment === sentiment)) return sentence;
  }
  return undefined;
}
