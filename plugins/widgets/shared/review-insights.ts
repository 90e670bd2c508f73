// "What customers say" in the review box (issue 35), from the insights plugin's capability
// (contracts/insights.ts `ReviewInsights`): the product's topics as filter links, summary sentences
// quoted from its reviews, the reviews mentioning a topic. Without the plugin the box shows none of it.
import type { Capabilities } from '@plaudit/kernel';
import { ReviewInsights, type ReviewInsightsApi } from '@plaudit/contracts/insights';

export function reviewInsightsOf(services: { capabilities: Pick<Capabilities, 'get'> }): ReviewInsightsApi | undefined {
  return services.capabilities.get(ReviewInsights);
}
