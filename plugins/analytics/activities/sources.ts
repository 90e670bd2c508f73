// The sources of facts, each with the prefix of its metric names: the other plugins' capabilities
// when installed (an absent one simply adds nothing) and the orders this plugin records itself.
import type { KernelServices } from '@plaudit/kernel';
import type { AnalyticsSource } from '@plaudit/contracts/analytics';
import { MessagingAnalytics } from '@plaudit/contracts/messaging';
import { QuestionsAnalytics } from '@plaudit/contracts/questions';
import { RequestsAnalytics } from '@plaudit/contracts/review-requests';
import { RewardsAnalytics } from '@plaudit/contracts/rewards';
import { ReviewAnalytics } from '@plaudit/contracts/reviews';
import { ordersSource } from '../db/orders';

export interface NamedSource {
  prefix: string;
  source: AnalyticsSource;
}

export function analyticsSources({ capabilities, knex }: Pick<KernelServices, 'capabilities' | 'knex'>): NamedSource[] {
  const provided: [string, AnalyticsSource | undefined][] = [
    ['reviews', capabilities.get(ReviewAnalytics)],
    ['requests', capabilities.get(RequestsAnalytics)],
    ['rewards', capabilities.get(RewardsAnalytics)],
    ['questions', capabilities.get(QuestionsAnalytics)],
    ['messages', capabilities.get(MessagingAnalytics)],
    ['orders', ordersSource(knex)],
  ];
  return provided.flatMap(([prefix, source]) => (source ? [{ prefix, source }] : []));
}
