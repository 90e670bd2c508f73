// What the translation doubles (DeepL, Google Cloud Translation) do with a text: no real machine
// translation, a recognisable stand-in ('[DE] Sehr gut'), and a small stop-word guess of the
// source language for the "detected language" fields. Tests assert on these exact shapes.

const STOP_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'is', 'it', 'this', 'very', 'with', 'was', 'of', 'my'],
  es: ['el', 'la', 'es', 'muy', 'y', 'con', 'que', 'los', 'las', 'de', 'producto', 'bueno'],
  de: ['der', 'die', 'das', 'und', 'ist', 'sehr', 'mit', 'nicht', 'ich', 'gut'],
  fr: ['le', 'la', 'les', 'et', 'est', 'très', 'avec', 'une', 'des', 'je'],
  it: ['il', 'lo', 'gli', 'e', 'è', 'molto', 'con', 'che', 'una', 'buono'],
  nl: ['de', 'het', 'een', 'en', 'is', 'zeer', 'heel', 'met', 'niet', 'goed'],
};

/** The language with the most stop words in the text ('en' when none). */
export function guessLanguage(text: string): string {
  if (/[\u3040-\u30ff]/.test(text)) return 'ja';
  if (/[\uac00-\ud7af]/.test(text)) return 'ko';
  if (/[\u0900-\u097f]/.test(text)) return 'hi';
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  let best = 'en';
  let score = 0;
  for (const [lang, stop] of Object.entries(STOP_WORDS)) {
    const n = words.filter((w) => stop.includes(w)).length;
    if (n > score) [best, score] = [lang, n];
  }
  return best;
}

/** The double's "translation": the target code in brackets before the text. */
export const fakeTranslation = (text: string, target: string) => `[${target}] ${text}`;

/** Characters as the vendors count them (code points). */
export const characters = (texts: string[]) => texts.reduce((n, t) => n + [...t].length, 0);
