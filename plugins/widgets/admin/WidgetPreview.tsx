// The live preview of one widget: the storefront's own components (plugins/widgets/shared/components,
// the same ones the server renders) with sample reviews and the draft settings, in a Shadow DOM frame.
import { useState, type ComponentType } from 'react';
import { Alert, Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import * as W from '../shared/components';
import type { DisplaySettings, WidgetKey } from '../shared/display-settings';
import type { PublicReview, WidgetContext } from '../shared/widget-types';
import { PreviewBoundary, PreviewFrame } from './PreviewFrame';
import { usePreviewText } from './preview-text';
import { PREVIEW_NOW, previewData, SAMPLE_PRODUCT } from './sample-data';

type Widget = ComponentType<{ ctx: WidgetContext; data: never }>;

/** What each screen previews; general and branding show the review box they shape the most. */
const COMPONENTS: Record<WidgetKey, Widget> = {
  general: W.ReviewBox as Widget,
  branding: W.ReviewBox as Widget,
  reviewBox: W.ReviewBox as Widget,
  starRating: W.StarRating as Widget,
  carousel: W.Carousel as Widget,
  popup: W.Popup as Widget,
  sidebar: W.Sidebar as Widget,
  submitForm: W.SubmitForm as Widget,
  allReviews: W.AllReviews as Widget,
  testimonial: W.Testimonials as Widget,
  customerPortal: W.CustomerPortalReviews as Widget,
  upsell: W.UpsellRating as Widget,
};

/** The storefront wrapper's class per widget (api/render.tsx): the widget CSS hangs off it. */
const BLOCK: Record<WidgetKey, string> = {
  general: 'review-box',
  branding: 'review-box',
  reviewBox: 'review-box',
  starRating: 'star-rating',
  carousel: 'carousel',
  popup: 'popup',
  sidebar: 'sidebar',
  submitForm: 'submit-form',
  allReviews: 'all-reviews',
  testimonial: 'testimonials',
  customerPortal: 'customer-portal',
  upsell: 'upsell',
};

/** Widgets that sit next to a product's title on the real page: shown beside a stand-in product. */
const ON_PRODUCT: WidgetKey[] = ['starRating', 'upsell'];

/** Widgets that float over a page: on which side the preview shows them. */
function floatingSide(widget: WidgetKey, settings: DisplaySettings): 'left' | 'right' | null {
  if (widget === 'popup') return settings.popup.position === 'bottom-right' ? 'right' : 'left';
  if (widget === 'sidebar') return settings.sidebar.position;
  return null;
}

/** The sidebar is a closed <details> on the storefront; the preview shows it open. */
function openSidebar(el: HTMLDivElement | null) {
  el?.querySelectorAll('details.pl-sidebar:not([open])').forEach((d) => d.setAttribute('open', ''));
}

const WIDTHS = { desktop: '100%', mobile: 375 } as const;

export function WidgetPreview({
  widget,
  settings,
  shopName,
  shopLocale,
  chosen,
}: {
  widget: WidgetKey;
  settings: DisplaySettings;
  shopName: string;
  shopLocale?: string | null;
  chosen?: PublicReview[];
}) {
  const translate = useTranslate();
  const [device, setDevice] = useState<keyof typeof WIDTHS>('desktop');
  const text = usePreviewText(settings, shopLocale);
  const ctx: WidgetContext = { settings, text, shopName, endpoint: '', preview: true, now: PREVIEW_NOW };
  const Component = COMPONENTS[widget];
  const data = previewData(widget, settings, chosen) as never;
  const side = floatingSide(widget, settings);
  const body = side ? (
    // The popup and the sidebar render in place in previews; put them where the setting says.
    <div
      ref={openSidebar}
      style={{
        display: 'flex',
        minHeight: 420,
        alignItems: widget === 'popup' ? 'flex-end' : 'stretch',
        justifyContent: side === 'left' ? 'flex-start' : 'flex-end',
      }}
    >
      <div
        className={`pl-widget pl-w-${BLOCK[widget]}`}
        lang={text.lang}
        dir={text.dir}
        style={widget === 'popup' ? { width: 'min(360px, 100%)' } : { maxWidth: '100%' }}
      >
        <Component ctx={ctx} data={data} />
      </div>
    </div>
  ) : (
    <div className={`pl-widget pl-w-${BLOCK[widget]}`} lang={text.lang} dir={text.dir}>
      <Component ctx={ctx} data={data} />
    </div>
  );
  const off = (settings[widget] as { enabled?: boolean }).enabled === false;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {translate('widgets:preview.title')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={device} onChange={(_, v) => v && setDevice(v)} aria-label={translate('widgets:preview.device')}>
          <ToggleButton value="desktop">{translate('widgets:preview.desktop')}</ToggleButton>
          <ToggleButton value="mobile">{translate('widgets:preview.mobile')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {off && <Alert severity="warning">{translate('widgets:preview.off')}</Alert>}
      <PreviewFrame css={W.widgetCss(settings)} width={WIDTHS[device]} label={translate('widgets:preview.region')}>
        <PreviewBoundary fallback={translate('widgets:preview.unavailable')} resetKey={JSON.stringify(settings)}>
          {ON_PRODUCT.includes(widget) ? (
            <div style={{ display: 'grid', gap: 8 }}>
              <div style={{ fontSize: 22, fontWeight: 600 }}>{SAMPLE_PRODUCT.title}</div>
              {body}
              <div style={{ color: '#6d7175' }}>$24.00</div>
            </div>
          ) : (
            body
          )}
        </PreviewBoundary>
      </PreviewFrame>
      <Typography variant="body2" color="text.secondary">
        {translate('widgets:preview.note')}
      </Typography>
    </Box>
  );
}
