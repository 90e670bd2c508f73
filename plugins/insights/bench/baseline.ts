// The trivial baseline the extractor must beat: the same keyword lists, but no clauses, no negation,
// no contrast, no irony: a topic is found when one of its words appears, and every topic of a review
// takes the sign of (positive words - negative words) over the whole text. Needs a look: any safety
// or spam word, or that whole-text sign against the stars.
import { compiled } from '../analysis/compiled';
import type { Mention } from '../analysis/mentions';
import { words } from '../analysis/text';
import type { Language, Topic } from '../analysis/topics';

export function baselineReading(text: string, language: Language, rating: number): { mentions: Mention[]; needsLook: boolean } {
  const lex = compiled(language);
  const tokens = words(text);
  const topics = new Set<Topic>(lex.aspects.find(tokens).map((m) => m.value));
  const score = lex.sentiment.find(tokens).reduce((s, m) => s + m.polarity, 0);
  const sentiment: 1 | -1 = score < 0 ? -1 : 1;
  const needsLook = lex.safety.find(tokens).length > 0 || lex.spam.find(tokens).length > 0 || (rating >= 4 && score < 0) || (rating <= 2 && score > 0);
  return { mentions: [...topics].map((topic) => ({ topic, sentiment, count: 1 })), needsLook };
}
