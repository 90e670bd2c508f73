// A small card in a bottom corner showing one recent review at a time. Timings come from settings
// (delay, shown, hidden) through data attributes; without script a CSS animation shows the first
// review once at the delay for the shown time. The popup script cycles through the reviews and
// remembers a close for the session.
import type { CSSProperties } from 'react';
import type { ReviewListData, WidgetContext } from '../widget-types';
import { reviewerName } from './format';
import { Stars } from './Stars';

export function Popup({ ctx, data }: { ctx: WidgetContext; data: ReviewListData }) {
  const s = ctx.settings.popup;
  if (!data.reviews.length) return null;
  const g = ctx.settings.general;
  const { t } = ctx.text;
  const style = { '--pl-delay': `${s.delayMs}ms`, '--pl-show': `${s.showMs}ms` } as CSSProperties;
  const classes = ['pl-popup', `pl-${s.position}`, ctx.preview ? 'pl-popup-static' : 'pl-popup-anim', s.showOnMobile ? '' : 'pl-no-mobile']
    .filter(Boolean)
    .join(' ');
  return (
    <aside
      className={classes}
      style={style}
      role="dialog"
      aria-modal="false"
      aria-label={t('popup.label')}
      data-pl-delay={s.delayMs}
      data-pl-show={s.showMs}
      data-pl-hide={s.hideMs}
    >
      <button type="button" className="pl-close pl-js" aria-label={t('popup.close')}>
        ×
      </button>
      <ol className="pl-popup-items" aria-live="polite">
        {data.reviews.map((r, i) => (
          <li key={r.id} className="pl-popup-item" hidden={i > 0}>
            <p className="pl-popup-head">
              <Stars value={r.rating} text={ctx.text} />
              <span className="pl-author" dir="auto">
                {reviewerName(r.author, g.reviewerName, t('review.anonymous'))}
              </span>
              {g.showVerifiedBadge && r.verified ? <span className="pl-verified">{t('review.verified')}</span> : null}
            </p>
            {r.productTitle ? (
              <p className="pl-product" dir="auto">
                {r.productHandle && !ctx.preview ? <a href={`/products/${encodeURIComponent(r.productHandle)}`}>{r.productTitle}</a> : r.productTitle}
              </p>
            ) : null}
            <p className="pl-popup-body" dir="auto">
              {r.title ? `${r.title}: ` : ''}
              {r.content}
            </p>
          </li>
        ))}
      </ol>
    </aside>
  );
}
