// Review labels (contracts/reviews/labels.ts) as both sides read them: the checks of the capability's
// input and of the list's label filters, and the facets the list's filters are built from.
import { z } from 'zod';
import type { ReviewLabelTone } from '@plaudit/contracts/reviews';

/** a group or a key: what an i18n key and the filter's `group:key` can carry unescaped */
export const LABEL_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;
/** a plugin id, the labels' source */
const SOURCE_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const LABEL_TONES = ['positive', 'negative', 'flag'] as const satisfies readonly ReviewLabelTone[];
/** the tones a merchant filters mentions by; 'flag' is the "Needs a look" quick filter */
export const MENTION_TONES = ['positive', 'negative'] as const;
export const MAX_LABELS_PER_REVIEW = 50;
export const MAX_LABELLED_REVIEWS = 1000;
/** label filters of one list query (group:key pairs) */
export const MAX_LABEL_FILTERS = 30;

const invalid = 'The value is invalid';
const name = z.string().regex(LABEL_NAME, invalid);
export const labelSource = z.string().regex(SOURCE_NAME, invalid);
export const reviewLabel = z.object({ group: name, key: name, tone: z.enum(LABEL_TONES).nullish() }).strict();
const labelList = z
  .array(reviewLabel)
  .max(MAX_LABELS_PER_REVIEW)
  // one row per group and key: the same label twice in a list is one label
  .transform((labels) => [...new Map(labels.map((l) => [`${l.group}:${l.key}`, l])).values()]);
export const labelEntries = z
  .array(z.object({ reviewId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), labels: labelList }).strict())
  .max(MAX_LABELLED_REVIEWS);
export const reviewIds = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(MAX_LABELLED_REVIEWS);

/** `group:key`, one label of a list filter */
export function isLabelRef(v: string): boolean {
  const [group, key, extra] = v.split(':');
  return extra === undefined && LABEL_NAME.test(group) && LABEL_NAME.test(key ?? '');
}
export const labelRef = z.string().trim().refine(isLabelRef, invalid);

/** a list filter's `group:key` values, grouped: one condition per group, any of its keys */
export function labelsByGroup(refs: string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const ref of refs) {
    const [group, key] = ref.split(':');
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  return groups;
}

/** A label as the list shows it on a review. */
export interface ShownLabel {
  source: string;
  group: string;
  key: string;
  tone: ReviewLabelTone | null;
}

/** One label of the shop with how many of the listed reviews carry it, by tone. */
export interface LabelFacet {
  key: string;
  /** the plugin whose strings name it */
  source: string;
  reviews: number;
  positive: number;
  negative: number;
  flag: number;
}

/** GET /api/reviews/labels: the groups present and their labels; the positive and negative mentions; the reviews flagged. */
export interface LabelFacets {
  groups: { group: string; source: string; labels: LabelFacet[] }[];
  /** labels of each mention tone (a review with two praised topics has two) */
  mentions: { positive: number; negative: number };
  /** reviews with a label of tone 'flag': the "Needs a look" quick filter's count */
  needsLook: number;
}
