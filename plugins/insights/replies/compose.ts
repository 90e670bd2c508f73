// The offline draft: a reply composed in-process from the review's stars and what the reader found
// in it (the topics and how each went), in the draft's language, the shop's tone and sign-off.
// A 1-2 star review is answered with thanks, an apology naming the problem and an offer of contact;
// nothing in any phrasebook asks the customer to change or remove the review (16 CFR 465.7).
import type { Mention } from '../analysis/mentions';
import { type DraftLanguage, type Mood, PHRASEBOOKS, type Tone } from './phrases';

export interface OfflineDraftInput {
  rating: number;
  /** the customer's first name as written on the review */
  firstName: string | null;
  /** what the reader found; empty when the review's language is not read */
  mentions: Mention[];
  language: DraftLanguage;
  tone: Tone;
  /** the merchant's sign-off; the shop's team when empty */
  signOff: string | null;
  shopName: string;
  /** offered for contact on a complaint */
  supportEmail: string | null;
}

/** at most this many topics named in a sentence, the most mentioned first */
const TOPICS_NAMED = 3;

export const moodOf = (rating: number): Mood => (rating <= 2 ? 'complaint' : rating === 3 ? 'mixed' : 'praise');

/** A first name fit to greet with: one word of letters; anything else (an address, a handle) is not echoed. */
export function greetingName(firstName: string | null): string | null {
  const word = firstName?.trim().split(/\s+/)[0] ?? '';
  return /^[\p{L}][\p{L}\p{M}'’.-]{0,39}$/u.test(word) ? word : null;
}

function topicList(language: DraftLanguage, mentions: Mention[], sentiment: 1 | -1): string | null {
  const names = PHRASEBOOKS[language].topics?.names;
  if (!names) return null;
  const picked = mentions
    .filter((m) => m.sentiment === sentiment)
    .sort((a, b) => b.count - a.count)
    .slice(0, TOPICS_NAMED)
    .map((m) => names[m.topic]);
  return picked.length ? new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(picked) : null;
}

/** The sentences between the greeting and the sign-off. */
function body(input: OfflineDraftInput): string[] {
  const book = PHRASEBOOKS[input.language];
  const mood = moodOf(input.rating);
  const liked = topicList(input.language, input.mentions, 1);
  const disliked = topicList(input.language, input.mentions, -1);
  const lines = [book.thanks[input.tone][mood]];
  if (mood !== 'complaint' && liked) lines.push(book.topics!.liked(liked));
  if (disliked) lines.push(book.topics!.sorryAbout(disliked));
  else if (mood === 'complaint') lines.push(book.sorry[input.tone]);
  // contact on every complaint, and on a mixed review that names what went wrong
  if (mood === 'complaint' || (mood === 'mixed' && disliked)) lines.push(book.contact(input.supportEmail));
  if (mood !== 'complaint' && book.closing[input.tone]) lines.push(book.closing[input.tone]);
  return lines;
}

export function composeOfflineDraft(input: OfflineDraftInput): string {
  const book = PHRASEBOOKS[input.language];
  const signOff = input.signOff?.trim() || book.team(input.shopName);
  return [book.hello(input.tone, greetingName(input.firstName)), body(input).join(book.space), signOff].join('\n\n');
}
