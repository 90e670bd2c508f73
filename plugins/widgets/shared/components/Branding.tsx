import type { WidgetContext } from '../widget-types';

/** "Powered by Plaudit" unless the shop removed branding (base tier). */
export function Branding({ ctx }: { ctx: WidgetContext }) {
  const b = ctx.settings.branding;
  if (b.removeBranding || !b.poweredByText) return null;
  return <p className="pl-brand">{b.poweredByText}</p>;
}
