// Whether a review arrives published. Every app words its states differently (Judge.me's `curated`
// ok / not-yet / spam, Shopify's published / unpublished / spam, Yotpo's `published` true / false,
// Okendo's approved / pending / rejected); the shared words below cover them all, a format adds its
// own. What the merchant had hidden stays hidden: an unknown word arrives unpublished, with a note.
import type { ImportFormat, ReviewState } from './types';
import { normaliseWord } from './values';

const PUBLISHED = ['published', 'publish', 'ok', 'approved', 'active', 'true', 'yes', '1', 'visible', 'enabled', 'enable', 'public', 'live', 'shown'];
const UNPUBLISHED = [
  'unpublished',
  'unpublish',
  'spam',
  'notyet',
  'no',
  'false',
  '0',
  'hidden',
  'hide',
  'pending',
  'rejected',
  'disabled',
  'disable',
  'trash',
  'trashed',
  'archived',
  'private',
  'inactive',
  'draft',
  'flagged',
  'moderation',
  'awaitingaction',
];

export function readState(text: string, format: ImportFormat): { state: ReviewState; unknown?: boolean } {
  const w = normaliseWord(text.trim());
  if (!w) return { state: 'published' };
  if (format.states.unpublished.includes(w)) return { state: 'unpublished' };
  if (format.states.published.includes(w)) return { state: 'published' };
  if (UNPUBLISHED.includes(w)) return { state: 'unpublished' };
  if (PUBLISHED.includes(w)) return { state: 'published' };
  return { state: 'unpublished', unknown: true };
}
