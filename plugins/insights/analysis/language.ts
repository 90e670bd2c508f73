// The review's language when it is not stored: its small words when they leave no doubt
// (function-words.ts, microseconds), else tinyld (already used by the translations plugin; local, no
// key) limited to the four languages the lexicons read. tinyld is loaded on first use: its profiles
// hold megabytes an idle process need not.
import { plainLanguage } from './function-words';
import { LANGUAGES, type Language } from './topics';

export async function detectLanguage(text: string): Promise<Language | null> {
  if ((text.match(/\p{L}/gu) ?? []).length < 8) return null;
  const plain = plainLanguage(text);
  if (plain) return plain;
  const { detect } = await import('tinyld');
  const found = detect(text, { only: [...LANGUAGES] });
  return (LANGUAGES as readonly string[]).includes(found) ? (found as Language) : null;
}
