// The sources of facts, each with the prefix of its metric names: the other plugins' capabilities
// when installed (an absent one simply adds nothing) and the orders this plugin records itself.
import type { KernelServices } from '@plaudit/kernel';
import type { AnalyticsSource, RequestsAnalytics, ReviewsAnalytics, RewardsAnalytics } from '../shared/sources';
import { ordersSource } from '../db/orders';

export interface NamedSource { prefix: string; source: AnalyticsSource }

export function analyticsSources({ capabilities, knex }: Pick<KernelServices, 'capabilities' | 'knex'>): NamedSource[] {
  const provided: [string, AnalyticsSource | undefined][] = [
    ['reviews', capabilities.get<ReviewsAnalytics>('reviews.analytics')],
    ['requests', capabilities.get<RequestsAnalytics>('review-requests.analytics')],
    ['rewards', capabilities.get<RewardsAnalytics>('rewards.analytics')],
    ['questions', capabilities.get<AnalyticsSource>('questions.analytics')],
    ['orders', ordersSource(knex)],
  ];
  return provided.flatMap(([prefix, source]) => (source ? [{ prefix, source }] : []));
}
