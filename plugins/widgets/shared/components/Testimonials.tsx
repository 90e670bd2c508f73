// Testimonials: the merchant's chosen reviews as a carousel (the carousel script, autoNavigate every
// `interval` seconds), a grid or a list, with their own font and colours.
import type { CSSProperties } from 'react';
import type { ReviewListData, WidgetContext } from '../widget-types';
import { Branding } from './Branding';
import { Slides } from './Carousel';
import { ReviewItem } from './ReviewItem';

export function Testimonials({ ctx, data }: { ctx: WidgetContext; data: ReviewListData }) {
  const s = ctx.settings.testimonial;
  const style = {
    '--pl-t-bg': s.colors.background,
    '--pl-t-text': s.colors.text,
    '--pl-t-star': s.colors.star,
    ...(s.font !== 'inherit' ? { '--pl-t-font': `'${s.font}', sans-serif` } : {}),
  } as CSSProperties;
  const carousel = s.layout === 'carousel';
  const { t } = ctx.text;
  return (
    <section
      className={`pl-box pl-testimonials pl-t-${s.layout}${carousel ? ' pl-carousel' : ''}`}
      style={style}
      aria-label={t('testimonials.label')}
      aria-roledescription={carousel ? t('carousel.role') : undefined}
      data-pl-autoplay={carousel && s.autoNavigate ? 'true' : 'false'}
      data-pl-interval={s.interval * 1000}
    >
      {!data.reviews.length ? (
        <p className="pl-empty">{t('testimonials.empty')}</p>
      ) : carousel ? (
        <Slides ctx={ctx} reviews={data.reviews} label={t('testimonials.label')} showProduct />
      ) : (
        <ul className="pl-list pl-t-items">
          {data.reviews.map((r) => (
            <li key={r.id}>
              <ReviewItem ctx={ctx} review={r} options={{ showProduct: true, showReplies: false, compact: s.layout === 'grid' }} />
            </li>
          ))}
        </ul>
      )}
      <Branding ctx={ctx} />
    </section>
  );
}
