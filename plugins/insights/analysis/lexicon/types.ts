import type { Topic } from '../topics';

/**
 * One language's word lists, written as `|`-separated terms so a list reads like a dictionary.
 * A term is one or more words; `word*` matches any word starting so (German compounds, inflections),
 * `...` skips up to three words ("runs ... small"), and a `:+` / `:-` suffix gives the term its own
 * polarity ("broke:-", "true to size:+"), and a final `?` marks an aspect word as weak: it names its topic
 * only in a clause that names no other ("gorgeous" is look, "a gorgeous box" is packaging).
 * Accents and case are ignored on both sides.
 */
export interface LanguageLexicon {
  /** the words that name each aspect */
  aspects: Record<Topic, string>;
  positive: string;
  negative: string;
  /** words that flip the polarity of the clause's sentiment words */
  negators: string;
  /** where a negator reaches: 'after' (en, es: "not good") or the whole clause (de, fr: "passt nicht", "ne ... pas") */
  negationScope: 'after' | 'clause';
  /** contrast words start a new clause of the other polarity ("but", "aber"); "and" words a new clause */
  contrast: string;
  and: string;
  /** a contrast word inside a comma-part is a particle, not a break (German "schmeckt aber leider fade") */
  contrastParticle?: boolean;
  /** "too" (excess): the next word is a complaint ("too small", "trop cher"); null where the word is ambiguous */
  excess: string;
  /** words that only follow `excess` as a complaint where excess is ambiguous (German "zu") */
  excessAdjectives?: string;
  /** ironic praise ("oh great", "danke für nichts"): in a low-rated review, praise is read as complaint */
  sarcasm: string;
  /** safety and health: a merchant must read these whatever the stars */
  safety: string;
  /** promotion and contact bait */
  spam: string;
}
