// What Manage reviews shows of a review's reading (the reviews plugin's labels, contracts/reviews/labels.ts):
// each topic it mentions with how it went, and each reason it needs a look as a flag. Written
// whenever readings are stored (db/store.ts), replacing this plugin's labels of those reviews; a
// review no longer there loses them. Names: locales/<lang>.json `labels.<group>.<key>`.
import type { Tenant } from '@plaudit/kernel';
import type { ReviewLabel, ReviewLabelsApi } from '@plaudit/contracts/reviews';
import type { Mention } from '../analysis/mentions';
import type { LookReason } from '../analysis/needs-look';

/** the labels' source: this plugin's id, whose strings name them */
export const LABEL_SOURCE = 'insights';
export const TOPIC_GROUP = 'topic';
export const LOOK_GROUP = 'needs-look';
/** the reviews plugin takes at most this many reviews a call */
const PER_CALL = 1_000;

export interface LabelledReading {
  reviewId: number;
  mentions: Pick<Mention, 'topic' | 'sentiment'>[];
  lookReasons: LookReason[];
}

/** a reading's labels: topics with their tone, then the needs-a-look reasons */
export function readingLabels(r: LabelledReading): ReviewLabel[] {
  return [
    ...r.mentions.map((m): ReviewLabel => ({ group: TOPIC_GROUP, key: m.topic, tone: m.sentiment > 0 ? 'positive' : 'negative' })),
    ...r.lookReasons.map((reason): ReviewLabel => ({ group: LOOK_GROUP, key: reason, tone: 'flag' })),
  ];
}

function* pages<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += PER_CALL) yield items.slice(i, i + PER_CALL);
}

/** replaces the labels of the reviews read; removes those of reviews gone */
export async function writeReadingLabels(labels: ReviewLabelsApi, tenant: Tenant, readings: LabelledReading[], gone: number[]): Promise<void> {
  for (const page of pages(readings))
    await labels.setMany(
      tenant,
      LABEL_SOURCE,
      page.map((r) => ({ reviewId: r.reviewId, labels: readingLabels(r) })),
    );
  for (const ids of pages(gone)) await labels.clear(tenant, LABEL_SOURCE, ids);
}
