// The store-reviews badge: the shop's own rating (its store reviews only, never its products') as
// stars, the average and the count, one link to the shop's public reviews page. Static HTML, no
// script; nothing at all while the store has no review (an empty badge says nothing to a shopper).
import type { StoreBadgeData, WidgetContext } from '../widget-types';
import { average, starsLabel } from './format';
import { Stars } from './Stars';

export function StoreBadge({ ctx, data }: { ctx: WidgetContext; data: StoreBadgeData }) {
  const { summary } = data;
  if (summary.count < 1) return null;
  const { t } = ctx.text;
  const count = t('store.badge_count', { count: summary.count });
  // one accessible name for the whole link; the parts inside are only seen
  const label = `${starsLabel(summary.average, ctx.text)}, ${count}. ${t('store.badge_link', { shop: ctx.shopName })}`;
  return (
    <a className="pl-store-badge" href={ctx.preview ? undefined : data.pageUrl} aria-label={label}>
      <Stars value={summary.average} text={ctx.text} />
      <span className="pl-badge-average" aria-hidden="true">
        {average(summary.average, ctx.text)}
      </span>
      <span className="pl-badge-count" aria-hidden="true">
        {count}
      </span>
    </a>
  );
}
