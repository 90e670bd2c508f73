// The language a review is written in, detected locally (tinyld: no service, no key) from its title
// and content together. Too short or unclear a text gives null rather than a guess: a review with
// no language offers no translation.
import { detect } from 'tinyld';

const MIN_LETTERS = 8;

export function detectLanguage(title: string | null | undefined, content: string): string | null {
  const text = [title, content].filter((t) => t && t.trim()).join('. ');
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return null;
  const lang = detect(text);
  return lang ? lang.toLowerCase() : null;
}
