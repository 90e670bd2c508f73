// The customer account page (through the app proxy only, never cached for others): the products the
// signed-in customer bought and has not reviewed yet, each with its write-review link, then the
// customer's own reviews (with those awaiting approval when the merchant shows them).
import type { AwaitingProduct, CustomerPortalData, WidgetContext } from '../widget-types';
import { safeMediaUrl } from './format';
import { ReviewList } from './ReviewBox';

/** The signed write page, else the product page's review box (its form). */
function writeHref(p: AwaitingProduct): string | undefined {
  return safeMediaUrl(p.writeUrl) ?? (p.handle ? `/products/${encodeURIComponent(p.handle)}#plaudit-reviews` : undefined);
}

function Awaiting({ ctx, items }: { ctx: WidgetContext; items: AwaitingProduct[] }) {
  const { t } = ctx.text;
  return (
    <>
      <h3 className="pl-portal-h" id="pl-cp-awaiting">
        {t('portal.awaiting')}
      </h3>
      <ul className="pl-awaiting" aria-labelledby="pl-cp-awaiting">
        {items.map((p) => {
          const image = safeMediaUrl(p.imageUrl);
          return (
            <li key={p.productId} className="pl-awaiting-item" data-pl-product={p.productId}>
              {image ? (
                <img className="pl-awaiting-img" src={image} alt="" width={56} height={56} loading="lazy" decoding="async" />
              ) : (
                <span className="pl-awaiting-img" aria-hidden="true" />
              )}
              <span className="pl-awaiting-title" dir="auto">
                {p.title}
              </span>
              <a className="pl-btn pl-awaiting-write" href={ctx.preview ? undefined : writeHref(p)} aria-label={t('portal.write_of', { product: p.title })}>
                {t('portal.write')}
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function CustomerPortalReviews({ ctx, data }: { ctx: WidgetContext; data: CustomerPortalData }) {
  const { t } = ctx.text;
  return (
    <section className="pl-box pl-portal" aria-labelledby="pl-cp-title">
      <h2 className="pl-title" id="pl-cp-title">
        {t('portal.title')}
      </h2>
      {data.awaiting.length ? <Awaiting ctx={ctx} items={data.awaiting} /> : null}
      <h3 className="pl-portal-h">{t('portal.yours')}</h3>
      {data.page.items.length ? (
        <ReviewList ctx={ctx} reviews={data.page.items} next={null} options={{ showProduct: true }} />
      ) : (
        <p className="pl-empty">{t('portal.none')}</p>
      )}
    </section>
  );
}
