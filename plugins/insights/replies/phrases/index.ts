// The languages the offline draft is written in: the admin's ten, by base code ('pt' for pt-BR,
// 'zh' for zh-CN). A review in one of them is answered in it; otherwise in the admin's language.
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { nl } from './nl';
import { pt } from './pt';
import type { Phrasebook } from './types';
import { zh } from './zh';

export const PHRASEBOOKS = { en, de, fr, es, it, nl, pt, ja, ko, zh } satisfies Record<string, Phrasebook>;
export type DraftLanguage = keyof typeof PHRASEBOOKS;

const baseOf = (code: string | null | undefined) => (code ?? '').split(/[-_]/)[0].toLowerCase();
const isDraftLanguage = (code: string): code is DraftLanguage => Object.hasOwn(PHRASEBOOKS, code);

/** the first of these languages a draft can be written in ('en' when none) */
export function draftLanguage(...candidates: (string | null | undefined)[]): DraftLanguage {
  for (const candidate of candidates) {
    const base = baseOf(candidate);
    if (isDraftLanguage(base)) return base;
  }
  return 'en';
}

export { TONES, type Mood, type Phrasebook, type Tone } from './types';
