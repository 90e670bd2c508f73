// The offline draft's sentences, one phrasebook per language. Topic phrases exist only in the
// languages the reader reads (en, de, fr, es): a review in another language has no topics to name.
import type { Topic } from '../../analysis/topics';

import type { Tone } from '../../shared/reply-choices';

export { TONES, type Tone } from '../../shared/reply-choices';

/** what the stars say the reply answers: praise (4-5), a mixed review (3), a complaint (1-2) */
export type Mood = 'praise' | 'mixed' | 'complaint';

export interface Phrasebook {
  /** the greeting line; `name` is the customer's first name, null when unknown */
  hello(tone: Tone, name: string | null): string;
  thanks: Record<Tone, Record<Mood, string>>;
  /** a complaint acknowledged when the reading names no topic */
  sorry: Record<Tone, string>;
  /** the offer of contact, at the shop's support address when it has one */
  contact(email: string | null): string;
  /** the line before the sign-off of a praising or mixed reply ('' for none) */
  closing: Record<Tone, string>;
  /** the sign-off when the merchant set none */
  team(shop: string): string;
  /** what joins the sentences of the body ('' in Japanese and Chinese) */
  space: string;
  /** where the reader reads this language: the topics as the two sentences below take them */
  topics?: {
    names: Record<Topic, string>;
    /** praise of these topics ("the fit and the scent", joined already) */
    liked(topics: string): string;
    /** a complaint about these topics, acknowledged */
    sorryAbout(topics: string): string;
  };
}
