// The language of a review from its most common small words, where they leave no doubt: a few
// microseconds against tinyld's few hundred (issue 35's rebuild reads a million reviews, most
// imported without a language). Only words frequent in one of the four languages and rare in the
// others are listed ("la", "de", "en", "que", "un", "no", "me", "es" are shared and left out). Text
// with too few of them, or two languages close, is left to tinyld (language.ts).
import type { Language } from './topics';

const WORDS: Record<Language, string> = {
  en: 'the and is was it this that with for not but very my have are of to they you just really would i we be on at has had were',
  de: 'der die das und ist nicht sehr mit ich ein eine auch aber für nach dem noch wie schon gut kein keine sich auf mir leider nur sind',
  fr: 'le les et est pas très avec je une du des mais pour il ce cette sont qui sur bien ne au trop mon ma été peu dans vraiment',
  es: 'el los las y muy con pero una del por para lo se está mi al su nada también como sin fue tiene mucho',
};

const LANGUAGE_OF = new Map<string, Language>(
  (Object.entries(WORDS) as [Language, string][]).flatMap(([language, words]) => words.split(' ').map((w) => [w, language] as const)),
);

/** at least this many listed words of the winner, and this many times the runner-up's */
const MIN_WORDS = 2;
const MARGIN = 3;

/** the language when its small words are plain; undefined when unsure */
export function plainLanguage(text: string): Language | undefined {
  const counts: Record<Language, number> = { en: 0, de: 0, fr: 0, es: 0 };
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    const language = LANGUAGE_OF.get(word);
    if (language) counts[language]++;
  }
  const [[best, most], [, second]] = (Object.entries(counts) as [Language, number][]).sort((a, b) => b[1] - a[1]);
  return most >= MIN_WORDS && most >= MARGIN * second ? best : undefined;
}
