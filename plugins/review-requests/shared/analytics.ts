// The shape of `review-requests.analytics` as this plugin provides it. The analytics plugin writes
// the interface it relies on (RequestsAnalytics, in its own shared/sources.ts); this is the provider's
// side of that contract, kept structurally equal: plugins never import each other.
import type { Tenant } from '@plaudit/kernel';

export interface Touched {
  shopId: number;
  /** starts (UTC) of the 15-minute buckets of every instant the changed rows' facts are keyed by */
  buckets: Date[];
}

export interface DayRange {
  /** yyyy-mm-dd, both inclusive, local days of `timezone` */
  from: string;
  to: string;
  timezone: string;
}

/** metric name -> count */
export type DayFacts = Record<string, number>;

export interface RequestsAnalytics {
  touched(since: Date, until: Date): Promise<Touched[]>;
  days(tenant: Tenant, range: DayRange): Promise<Record<string, DayFacts>>;
  firstDay(tenant: Tenant, timezone: string): Promise<string | undefined>;
  clickedAt(tenant: Tenant, queueEntryId: number): Promise<Date | undefined>;
}

/**
 * Time from send to review: a review counts in the first bucket whose upper bound (hours) it does
 * not exceed. The analytics plugin's screens name these keys (`requests.ttr.<key>`).
 */
export const TIME_TO_REVIEW = [
  { key: 'h1', hours: 1 }, { key: 'h6', hours: 6 }, { key: 'd1', hours: 24 }, { key: 'd2', hours: 48 }, { key: 'd4', hours: 96 },
  { key: 'd7', hours: 168 }, { key: 'd14', hours: 336 }, { key: 'd30', hours: 720 }, { key: 'more', hours: Infinity },
] as const;
