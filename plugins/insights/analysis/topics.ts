// The aspects ("topics") shoppers talk about, language-neutral ids. Each language's lexicon maps its
// words to these ids, so counts add up across languages and the storefront shows one pill per topic.
export const TOPICS = [
  'quality',
  'fit',
  'comfort',
  'material',
  'smell',
  'taste',
  'value',
  'delivery',
  'packaging',
  'durability',
  'look',
  'service',
  'battery',
  'sound',
  'usability',
] as const;
export type Topic = (typeof TOPICS)[number];

/** the languages the offline extractor reads; others are skipped (or translated first, later) */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (lang: string | null | undefined): lang is Language => (LANGUAGES as readonly string[]).includes(lang ?? '');
