// Ratings for the products of an upsell or cross-sell offer, one row per product id, so an offer
// widget can show stars next to each product it suggests.
import type { UpsellData, WidgetContext } from '../widget-types';
import { reviewCount } from './format';
import { Stars } from './Stars';

export function UpsellRating({ ctx, data }: { ctx: WidgetContext; data: UpsellData }) {
  const s = ctx.settings.upsell;
  const rows = Object.entries(data.summaries).filter(([, sum]) => sum.count > 0 && sum.average >= s.minRating);
  return (
    <ul className="pl-upsell">
      {rows.map(([productId, sum]) => (
        <li key={productId} className="pl-upsell-item" data-pl-product={productId}>
          <Stars value={sum.average} text={ctx.text} />
          {s.showCount ? (
            <span className="pl-count">
              <span aria-hidden="true">{`(${ctx.text.number(sum.count)})`}</span>
              <span className="pl-sr">{reviewCount(sum.count, ctx.text)}</span>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
