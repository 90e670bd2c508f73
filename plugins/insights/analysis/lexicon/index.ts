import type { Language } from '../topics';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { LanguageLexicon } from './types';

export const LEXICONS: Record<Language, LanguageLexicon> = { en, de, fr, es };
export type { LanguageLexicon };
