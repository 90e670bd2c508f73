// The logged-in customer's own reviews (customer account page, through the app proxy only).
import type { CustomerPortalData, WidgetContext } from '../widget-types';
import { ReviewList } from './ReviewBox';

export function CustomerPortalReviews({ ctx, data }: { ctx: WidgetContext; data: CustomerPortalData }) {
  const s = ctx.settings.customerPortal;
  return (
    <section className="pl-box pl-portal" aria-labelledby="pl-cp-title">
      <h2 className="pl-title" id="pl-cp-title">{s.title}</h2>
      {data.page.items.length ? (
        <ReviewList ctx={ctx} reviews={data.page.items} next={null} options={{ showProduct: true }} />
      ) : <p className="pl-empty">You have not reviewed any products yet.</p>}
    </section>
  );
}
