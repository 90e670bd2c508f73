// The all-reviews page: the shop's summary, star filter, sort, every published review with its
// product, "load more", and a form for a review of the store itself. Same script as the review box.
import type { AllReviewsData, WidgetContext } from '../widget-types';
import { Branding } from './Branding';
import { DisclosureLink } from './Disclosure';
import { ListOrNone, SortSelect, SummaryBlock } from './ReviewBox';
import { SubmitFormBody } from './SubmitForm';

export function AllReviews({ ctx, data }: { ctx: WidgetContext; data: AllReviewsData }) {
  const s = ctx.settings.allReviews;
  const selected = data.stars ?? [];
  const { t } = ctx.text;
  return (
    <section className="pl-box pl-all-reviews" aria-labelledby="pl-ar-title">
      <h2 className="pl-title" id="pl-ar-title">
        {t('all_reviews.title')}
      </h2>
      {data.summary.count > 0 ? (
        <>
          <SummaryBlock text={ctx.text} summary={data.summary} selected={selected} />
          <div className="pl-toolbar">
            <SortSelect text={ctx.text} id="pl-ar-sort" sort={data.sort ?? s.sort} />
            <button type="button" className="pl-link pl-clear pl-js" hidden={!selected.length}>
              {t('box.show_all')}
            </button>
          </div>
          <p className="pl-sr" role="status" aria-live="polite" />
          <ListOrNone ctx={ctx} data={data} options={{ showProduct: true }} />
        </>
      ) : (
        <p className="pl-empty">{t('common.no_reviews')}</p>
      )}
      {ctx.settings.submitForm.enabled ? (
        <details className="pl-write">
          <summary className="pl-btn">{t('all_reviews.write_store')}</summary>
          <SubmitFormBody ctx={ctx} product={null} idBase="pl-ar-form" />
        </details>
      ) : null}
      <DisclosureLink ctx={ctx} />
      <Branding ctx={ctx} />
    </section>
  );
}
