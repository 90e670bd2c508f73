import type { WidgetContext } from '../widget-types';

/** "Powered by Plaudit" unless the shop removed branding (base tier) or emptied the line. */
export function Branding({ ctx }: { ctx: WidgetContext }) {
  const line = ctx.text.t('common.powered_by');
  if (ctx.settings.branding.removeBranding || !line) return null;
  return <p className="pl-brand">{line}</p>;
}
