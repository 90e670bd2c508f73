// What the pages behind a signed email link (edit answer, photo) start with: an HTML answer that is
// neither cached nor leaks the token as a referrer, the link checked for its purpose, the
// still-installed shop it names with that shop's tenant, and the language to answer in.
import type { ApiServices, AppContext, ShopView, SignedPayload, Tenant } from '@plaudit/kernel';
import type { PageLanguage } from './write-page';

export interface OpenedLink<T> {
  link?: SignedPayload<T>;
  shop?: ShopView;
  tenant?: Tenant;
}

/** The link of `ctx.params.token`, its shop and tenant; each undefined when the link is forged, expired or its shop is gone. */
export async function openSignedLink<T>(
  ctx: AppContext,
  { links, shops, tenant }: Pick<ApiServices, 'links' | 'shops' | 'tenant'>,
  purpose: string,
): Promise<OpenedLink<T>> {
  ctx.type = 'text/html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  const link = links.verify<T>(purpose, ctx.params.token);
  const shop = link ? await shops.byDomain(link.shop) : undefined;
  return { link, shop, tenant: shop && tenant(shop.id, shop.domain) };
}

/** The customer's language: the order's (or review's) locale, else the shop's. */
export function languageOf({ i18n }: Pick<ApiServices, 'i18n'>, customerLocale?: string | null, shop?: ShopView): PageLanguage {
  const lang = i18n.language(customerLocale, shop?.locale);
  return { lang, t: i18n.forLanguage(lang) };
}
