// The star rating under a product title or on a collection card: average stars and the count in
// the configured format. Always the same height (settings size), so nothing moves when it loads.
import type { StarRatingData, Summary, WidgetContext } from '../widget-types';
import type { WidgetText } from '../widget-text';
import { average, reviewCount } from './format';
import { Stars } from './Stars';

export function countText(summary: Summary, format: WidgetContext['settings']['starRating']['countFormat'], text: WidgetText): string {
  if (format === 'n reviews') return reviewCount(summary.count, text);
  if (format === 'average (n)') return `${average(summary.average, text)} (${text.number(summary.count)})`;
  return `(${text.number(summary.count)})`;
}

export function StarRating({ ctx, data }: { ctx: WidgetContext; data: StarRatingData }) {
  const s = ctx.settings.starRating;
  const empty = data.summary.count === 0;
  const style = {
    fontSize: `${s.size}px`,
    minHeight: `${Math.round(s.size * 1.25)}px`,
    justifyContent: s.alignment === 'center' ? 'center' : s.alignment === 'right' ? 'flex-end' : 'flex-start',
  };
  if (empty && !s.showWhenEmpty) return <div className="pl-star-rating pl-none" style={style} aria-hidden="true" />;
  return (
    <div className="pl-star-rating" style={style} data-pl-product={data.productId}>
      <Stars value={data.summary.average} text={ctx.text} />
      {s.showCount ? (
        <span className="pl-count">
          <span aria-hidden="true">{countText(data.summary, s.countFormat, ctx.text)}</span>
          <span className="pl-sr">{reviewCount(data.summary.count, ctx.text)}</span>
        </span>
      ) : null}
    </div>
  );
}
