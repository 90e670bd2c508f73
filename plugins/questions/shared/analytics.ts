// `questions.analytics` (issue 20): the shop's questions asked and answered per local day, for the
// analytics plugin's daily rollups. Plugins do not import each other: these types repeat,
// structurally, the source interface the analytics plugin reads (its shared/sources.ts).
import type { Tenant } from '@plaudit/kernel';

/** The metric names this source reports (analytics keeps them under the `questions.` prefix). */
export const QUESTION_METRICS = {
  /** questions received, by the question's created_at (those deleted since are not counted) */
  asked: 'questions.asked',
  /** questions with a published answer, by the date of their first published answer (answered_at) */
  answered: 'questions.answered',
} as const;

/** Where a shop's questions changed: the 15-minute UTC buckets of their created_at and answered_at. */
export interface Touched {
  shopId: number;
  buckets: Date[];
}

/** questions.asked, questions.answered; a metric that is zero may be absent */
export type DayFacts = Record<string, number>;

/** Local days yyyy-mm-dd, both inclusive, in an IANA timezone (the shop's). */
export interface DayRange { from: string; to: string; timezone: string }

export interface QuestionsAnalytics {
  /**
   * Across shops: questions asked, answered, un-answered, re-dated or deleted in (since, until], as
   * the buckets of their created_at and answered_at (old and new). A transaction that commits after
   * the sweep passed its mark is seen only by a later sweep reaching back: the caller lags `until`.
   */
  touched(since: Date, until: Date): Promise<Touched[]>;
  /** Per local day of the range: questions asked (by created_at) and answered (by answered_at). */
  days(tenant: Tenant, range: DayRange): Promise<Record<string, DayFacts>>;
  /** The local day of the shop's first question asked or answered, undefined when it has none. */
  firstDay(tenant: Tenant, timezone: string): Promise<string | undefined>;
}
