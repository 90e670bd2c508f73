// A horizontal row of review cards. Without script it scrolls (scroll-snap); the carousel script adds
// previous/next buttons, autoplay every settings.intervalMs (paused on hover and focus, off under
// prefers-reduced-motion) and a pause button.
import type { PublicReview, ReviewListData, WidgetContext } from '../widget-types';
import { Branding } from './Branding';
import { ReviewItem } from './ReviewItem';

export function Slides({ ctx, reviews, label, showProduct }: { ctx: WidgetContext; reviews: PublicReview[]; label: string; showProduct: boolean }) {
  const { t } = ctx.text;
  return (
    <>
      <ul className="pl-track" aria-label={label} tabIndex={0}>
        {reviews.map((r, i) => (
          <li
            key={r.id}
            className="pl-slide"
            role="group"
            aria-roledescription={t('carousel.slide_role')}
            aria-label={t('carousel.slide', { index: ctx.text.number(i + 1), total: ctx.text.number(reviews.length) })}
          >
            <ReviewItem ctx={ctx} review={r} options={{ showProduct, showReplies: false, compact: true }} />
          </li>
        ))}
      </ul>
      {reviews.length > 1 ? (
        <div className="pl-controls pl-js">
          <button type="button" className="pl-nav pl-prev" aria-label={t('carousel.previous')}>
            ‹
          </button>
          <button type="button" className="pl-nav pl-pause" aria-label={t('carousel.pause')} aria-pressed="false">
            ❚❚
          </button>
          <button type="button" className="pl-nav pl-next" aria-label={t('carousel.next')}>
            ›
          </button>
        </div>
      ) : null}
    </>
  );
}

export function Carousel({ ctx, data }: { ctx: WidgetContext; data: ReviewListData }) {
  const s = ctx.settings.carousel;
  const { t } = ctx.text;
  const title = t('carousel.title');
  return (
    <section
      className="pl-box pl-carousel"
      aria-roledescription={t('carousel.role')}
      aria-label={title}
      data-pl-autoplay={s.autoplay ? 'true' : 'false'}
      data-pl-interval={s.intervalMs}
    >
      <h2 className="pl-title">{title}</h2>
      {data.reviews.length ? (
        <Slides ctx={ctx} reviews={data.reviews} label={title} showProduct={s.showProduct} />
      ) : (
        <p className="pl-empty">{t('common.no_reviews')}</p>
      )}
      <Branding ctx={ctx} />
    </section>
  );
}
