import type { WidgetContext } from '../widget-types';

/** The link to the shop's "How reviews are collected" page (EU Omnibus Directive), when there is one. */
export function DisclosureLink({ ctx }: { ctx: WidgetContext }) {
  if (!ctx.disclosureUrl) return null;
  return (
    <p className="pl-brand pl-about">
      <a href={ctx.preview ? undefined : ctx.disclosureUrl}>{ctx.text.t('common.how_collected')}</a>
    </p>
  );
}
