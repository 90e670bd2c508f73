// The product page's review box: summary with the star distribution (buttons that filter), sort,
// the first page of reviews, "load more" (the script fetches the next page as a fragment), the
// write-a-review form in a <details> (opens without script) and the branding line.
import { FEED_SORTS } from '../display-settings';
import type { PublicReview, ReviewBoxData, Summary, WidgetContext } from '../widget-types';
import { Branding } from './Branding';
import { DisclosureLink } from './Disclosure';
import type { WidgetText } from '../widget-text';
import { average, idPart } from './format';
import { ReviewItem, type ReviewItemOptions } from './ReviewItem';
import { Stars } from './Stars';
import { SubmitFormBody } from './SubmitForm';
import { AnswerSummary } from './Questions';
import { WhatCustomersSay } from './WhatCustomersSay';

export function ReviewList({
  ctx,
  reviews,
  next,
  options,
  grid,
}: {
  ctx: WidgetContext;
  reviews: PublicReview[];
  next: string | null;
  options?: ReviewItemOptions;
  grid?: boolean;
}) {
  return (
    <ol className={grid ? 'pl-list pl-grid' : 'pl-list'} data-pl-next={next ?? ''}>
      {reviews.map((r) => (
        <li key={r.id}>
          <ReviewItem ctx={ctx} review={r} options={options} />
        </li>
      ))}
    </ol>
  );
}

export function SummaryBlock({ text, summary, selected = [], filter = true }: { text: WidgetText; summary: Summary; selected?: number[]; filter?: boolean }) {
  const { t } = text;
  return (
    <div className="pl-summary">
      <div className="pl-average">
        <span className="pl-average-value">{average(summary.average, text)}</span>
        <Stars value={summary.average} text={text} />
        <span className="pl-average-count">{t('box.based_on', { count: summary.count })}</span>
      </div>
      <ul className="pl-bars" aria-label={t(filter ? 'box.filter_label' : 'box.distribution_label')}>
        {([5, 4, 3, 2, 1] as const).map((s) => {
          const n = summary.stars?.[s] ?? 0;
          const pct = summary.count ? Math.round((n / summary.count) * 100) : 0;
          const bar = (
            <>
              <span className="pl-bar-label" aria-hidden="true">
                {text.number(s)} ★
              </span>
              <span className="pl-bar" aria-hidden="true">
                <span className="pl-bar-fill" style={{ width: `${pct}%` }} />
              </span>
              <span className="pl-bar-count" aria-hidden="true">
                {text.number(n)}
              </span>
            </>
          );
          return (
            <li key={s}>
              {filter ? (
                <button
                  type="button"
                  className="pl-bar-row"
                  data-pl-stars={s}
                  aria-pressed={selected.includes(s)}
                  aria-label={t('box.filter_bar', { count: s, reviews: text.number(n) })}
                  disabled={n === 0}
                >
                  {bar}
                </button>
              ) : (
                <span className="pl-bar-row" role="img" aria-label={t('box.bar', { count: s, reviews: text.number(n) })}>
                  {bar}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function SortSelect({ text, id, sort }: { text: WidgetText; id: string; sort: string }) {
  return (
    <span className="pl-sort pl-js">
      <label htmlFor={id}>{text.t('box.sort_label')}</label>
      <select id={id} className="pl-sort-select" defaultValue={sort}>
        {FEED_SORTS.map((value) => (
          <option key={value} value={value}>
            {text.t(`box.sort.${value}`)}
          </option>
        ))}
      </select>
    </span>
  );
}

export function LoadMore({ text, next }: { text: WidgetText; next: string | null }) {
  return (
    <button type="button" className="pl-btn pl-more pl-js" hidden={!next}>
      {text.t('box.load_more')}
    </button>
  );
}

/** The list (kept even when empty, the script refills it) and the text for a filter without results. */
export function ListOrNone({
  ctx,
  data,
  options,
  grid,
}: {
  ctx: WidgetContext;
  data: { page: { items: PublicReview[]; nextCursor: string | null } };
  options: ReviewItemOptions;
  grid?: boolean;
}) {
  const items = data.page.items;
  return (
    <>
      <ReviewList ctx={ctx} reviews={items} next={data.page.nextCursor} options={options} grid={grid} />
      <p className="pl-empty pl-nomatch" hidden={items.length > 0}>
        {ctx.text.t('box.no_match')}
      </p>
      <LoadMore text={ctx.text} next={data.page.nextCursor} />
    </>
  );
}

/** How the box shows each review; a grouped box names the product of a sibling's review. */
export function reviewBoxItemOptions(ctx: WidgetContext, data: Pick<ReviewBoxData, 'product' | 'group'>): ReviewItemOptions {
  const s = ctx.settings.reviewBox;
  return { showMedia: s.showMedia, showReplies: s.showReplies, ...(data.group ? { pageProduct: data.product.id } : {}) };
}

export function ReviewBox({ ctx, data }: { ctx: WidgetContext; data: ReviewBoxData }) {
  const s = ctx.settings.reviewBox;
  const id = `pl-rb-${idPart(data.product.id)}`;
  const selected = data.stars ?? [];
  const sort = data.sort ?? s.sort;
  const options = reviewBoxItemOptions(ctx, data);
  const canWrite = s.showWriteButton && ctx.settings.submitForm.enabled;
  const { t } = ctx.text;
  return (
    <section className="pl-box" aria-labelledby={`${id}-title`}>
      <h2 className="pl-title" id={`${id}-title`}>
        {t('box.title')}
      </h2>
      {data.summary.count > 0 ? (
        <>
          {s.showSummary ? <SummaryBlock text={ctx.text} summary={data.summary} selected={selected} filter={s.showStarFilter} /> : null}
          {data.answers ? <AnswerSummary answers={data.answers} text={ctx.text} selected={data.answer} idBase={id} /> : null}
          {data.insights ? <WhatCustomersSay ctx={ctx} product={data.product} insights={data.insights} selected={data.topic} idBase={id} /> : null}
          <div className="pl-toolbar">
            <SortSelect text={ctx.text} id={`${id}-sort`} sort={sort} />
            {s.showStarFilter || data.answers || data.insights ? (
              <button type="button" className="pl-link pl-clear pl-js" hidden={!selected.length && !data.answer && !data.topic}>
                {t('box.show_all')}
              </button>
            ) : null}
          </div>
          <p className="pl-sr" role="status" aria-live="polite" />
          <ListOrNone ctx={ctx} data={data} options={options} grid={s.layout === 'grid'} />
        </>
      ) : (
        <p className="pl-empty">{t('box.empty')}</p>
      )}
      {canWrite ? (
        <details className="pl-write">
          <summary className="pl-btn">{t('form.title')}</summary>
          <SubmitFormBody ctx={ctx} product={data.product} idBase={`${id}-form`} questions={data.questions} />
        </details>
      ) : null}
      <DisclosureLink ctx={ctx} />
      <Branding ctx={ctx} />
    </section>
  );
}
