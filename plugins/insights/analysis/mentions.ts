// Topics ("mentions") of one review with how each went, by lexicon and rules: the text is cut into
// clauses at punctuation, contrast words and "and"; a clause's score is the sum of its sentiment
// words (and of polar aspect words such as "broke"), each flipped by a negator before it ("not good",
// "no funciona") or anywhere in the clause in German and French ("passt nicht", "ne ... pas"); a
// negated clause without sentiment words is a complaint ("does not fit"). Each topic named in a
// clause takes that clause's sign; a clause without sentiment borrows its neighbour's in the same
// sentence (the opposite sign across "but"), then the sentence's, then the rating's. In a 1-2 star
// review with ironic praise ("oh great", "danke für nichts") praise counts as complaint. Spam gives
// no mentions: it must not move a product's topics.
import { type CompiledLexicon, compiled } from './compiled';
import type { Match } from './matcher';
import { looksLikeSpam } from './spam';
import { sentences } from './text';
import type { Language, Topic } from './topics';

export interface Mention {
  topic: Topic;
  /** +1 positive, -1 negative */
  sentiment: 1 | -1;
  /** how many clauses named it */
  count: number;
}

export interface ReviewReading {
  language: Language;
  mentions: Mention[];
  /** the whole text's sentiment: sum of its clauses' scores */
  score: number;
  positiveClauses: number;
  negativeClauses: number;
  sarcasm: boolean;
  spam: boolean;
  /** the safety/health terms found (normalised) */
  safetyTerms: string[];
}

interface Clause {
  tokens: string[];
  topics: Topic[];
  score: number;
  /** it follows a contrast word ("but", "aber", "mais", "pero") */
  contrasted: boolean;
}

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);
const covered = (spans: Match<unknown>[], i: number) => spans.some((s) => i >= s.start && i < s.end);

/** splits a comma-part further at contrast words and "and" (which are dropped) */
function clausesOf(part: string[], lex: CompiledLexicon): { tokens: string[]; contrasted: boolean }[] {
  const out: { tokens: string[]; contrasted: boolean }[] = [];
  let from = 0;
  let contrasted = false;
  for (const b of lex.breaks.find(part)) {
    if (b.value && b.start > 0 && lex.contrastParticle) continue;
    if (b.start > from) out.push({ tokens: part.slice(from, b.start), contrasted });
    contrasted = b.value;
    from = b.end;
  }
  if (from < part.length) out.push({ tokens: part.slice(from), contrasted });
  return out;
}

function readClause(tokens: string[], contrasted: boolean, lex: CompiledLexicon): Clause {
  const found = lex.aspects.find(tokens);
  // a weak aspect word gives way to any other aspect in its clause
  const aspects = found.some((a) => !a.weak) ? found.filter((a) => !a.weak || a.polarity !== 0) : found;
  const topics = (found.some((a) => !a.weak) ? found.filter((a) => !a.weak) : found).map((a) => a.value);
  const items: { at: number; polarity: number }[] = aspects.filter((a) => a.polarity !== 0).map((a) => ({ at: a.start, polarity: a.polarity }));
  const words = lex.sentiment.find(tokens).filter((m) => !found.some((a) => m.start < a.end && a.start < m.end));
  for (const w of words) items.push({ at: w.start, polarity: w.polarity });
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t !== lex.excess || next === undefined || covered(found, i)) return;
    if (!lex.excessAdjectives || lex.excessAdjectives.has(next)) items.push({ at: i, polarity: -1 });
  });
  const negators = lex.negators.find(tokens).filter((n) => !covered(found, n.start) && !covered(words, n.start));
  let score = 0;
  for (const item of items) {
    const negated = lex.negationScope === 'clause' ? negators.length > 0 : negators.some((n) => n.start < item.at);
    score += negated ? -item.polarity : item.polarity;
  }
  if (items.length === 0 && negators.length > 0) score = -1;
  return { tokens, topics, score, contrasted };
}

/** the sign a clause without sentiment borrows: a neighbour's (flipped across "but"), the sentence's */
function borrowed(sentence: Clause[], i: number): number {
  const next = sentence[i + 1];
  const previous = sentence[i - 1];
  const fromNext = next ? sign(next.score) * (next.contrasted ? -1 : 1) : 0;
  const fromPrevious = previous ? sign(previous.score) * (sentence[i].contrasted ? -1 : 1) : 0;
  return fromNext || fromPrevious || sign(sentence.reduce((s, c) => s + c.score, 0));
}

export function readReview(text: string, language: Language, rating: number | null): ReviewReading {
  const lex = compiled(language);
  const all: Clause[][] = sentences(text).map((parts) => parts.flatMap((p) => clausesOf(p, lex)).map((c) => readClause(c.tokens, c.contrasted, lex)));
  const flat = all.flat();
  const sarcasm = rating !== null && rating <= 2 && flat.some((c) => lex.sarcasm.find(c.tokens).length > 0);
  if (sarcasm) for (const c of flat) c.score = -Math.abs(c.score);
  const terms = (index: CompiledLexicon['safety']) => flat.flatMap((c) => index.find(c.tokens).map((m) => c.tokens.slice(m.start, m.end).join(' ')));
  const spam = looksLikeSpam(text, terms(lex.spam));

  const ratingSign = rating === null ? 0 : rating >= 4 ? 1 : rating <= 2 ? -1 : 0;
  const reviewScore = flat.reduce((s, c) => s + c.score, 0);
  const byTopic = new Map<Topic, { sum: number; count: number }>();
  if (!spam)
    for (const sentence of all)
      sentence.forEach((clause, i) => {
        const s = sign(clause.score) || borrowed(sentence, i) || ratingSign || sign(reviewScore);
        for (const topic of new Set(clause.topics)) {
          const t = byTopic.get(topic) ?? { sum: 0, count: 0 };
          t.sum += s;
          t.count += 1;
          byTopic.set(topic, t);
        }
      });
  return {
    language,
    mentions: [...byTopic].map(([topic, t]) => ({ topic, sentiment: (sign(t.sum) || ratingSign || 1) as 1 | -1, count: t.count })),
    score: reviewScore,
    positiveClauses: flat.filter((c) => c.score > 0).length,
    negativeClauses: flat.filter((c) => c.score < 0).length,
    sarcasm,
    spam,
    safetyTerms: terms(lex.safety),
  };
}
