// Text into sentences of word tokens, normalised so lexicon terms match whatever the accents, case
// or apostrophes: "Qualität" = "qualitat", "doesn't" = "does not", "l'eau" = "l eau".

/** lower case, no accents, "ß" as "ss", English "n't" spelled out */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .replace(/n't\b/g, ' not')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

const SENTENCE_END = /[.!?;:\n]+|[\u2026]/;
const WORD = /[\p{L}\p{N}]+/gu;

/** sentences, each a list of comma-separated parts of word tokens (clause splitting on words comes later) */
export function sentences(text: string): string[][][] {
  const out: string[][][] = [];
  for (const sentence of normalise(text).split(SENTENCE_END)) {
    const parts = sentence
      .split(/[,()\u2013\u2014]| - /)
      .map((p) => p.match(WORD) ?? [])
      .filter((p) => p.length > 0);
    if (parts.length) out.push(parts);
  }
  return out;
}

export const words = (text: string): string[] => normalise(text).match(WORD) ?? [];
