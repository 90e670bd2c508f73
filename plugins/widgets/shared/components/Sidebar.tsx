// A "Reviews" tab fixed to one side of the window that opens a panel of recent reviews. A <details>
// element, so it opens and closes without script; the sidebar script adds Escape, the close button,
// a click outside, and moves focus into the panel and back to the tab.
import type { ReviewListData, WidgetContext } from '../widget-types';
import { Branding } from './Branding';
import { ReviewItem } from './ReviewItem';

export function Sidebar({ ctx, data }: { ctx: WidgetContext; data: ReviewListData }) {
  const s = ctx.settings.sidebar;
  const { t } = ctx.text;
  const tab = t('sidebar.tab');
  return (
    <details className={`pl-sidebar pl-side-${s.position}${ctx.preview ? ' pl-side-static' : ''}`}>
      <summary className="pl-side-tab">{tab}</summary>
      <div className="pl-side-panel" role="dialog" aria-label={tab}>
        <div className="pl-side-head">
          <h2 className="pl-title" tabIndex={-1}>
            {tab}
          </h2>
          <button type="button" className="pl-close pl-js" aria-label={t('sidebar.close')}>
            ×
          </button>
        </div>
        {data.reviews.length ? (
          <ol className="pl-list">
            {data.reviews.map((r) => (
              <li key={r.id}>
                <ReviewItem ctx={ctx} review={r} options={{ showProduct: true, compact: true }} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="pl-empty">{t('common.no_reviews')}</p>
        )}
        <Branding ctx={ctx} />
      </div>
    </details>
  );
}
