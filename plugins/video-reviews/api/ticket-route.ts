// GET /r/video/ticket?shop=<domain>&locale=<lang>: an upload ticket for the storefront's review form,
// whose HTML is cached for every shopper and so carries no ticket of its own. Any origin may ask (the
// form is on the shop's storefront); a ticket only lets a browser create uploads, which are rate
// limited per address, checked, and removed within a day unless sent with a review.
import Router from '@koa/router';
import { type ApiServices, type AppState, SHOP_DOMAIN } from '@plaudit/kernel';
import { scriptTexts } from '../shared/field';
import { TICKET, TICKET_SECONDS, type Ticket } from '../shared/ticket';

export function ticketRoute(services: ApiServices) {
  const { shops, links, i18n } = services;
  const router = new Router<AppState>();

  router.get('/r/video/ticket', async (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cache-Control', 'no-store');
    const domain = typeof ctx.query.shop === 'string' ? ctx.query.shop : '';
    const lang = i18n.language(typeof ctx.query.locale === 'string' ? ctx.query.locale : undefined);
    const t = i18n.forLanguage(lang);
    const shop = SHOP_DOMAIN.test(domain) ? await shops.byDomain(domain) : undefined;
    if (!shop || !shops.allows(shop, 'videoReviews')) {
      ctx.status = 403;
      ctx.body = { success: false, message: t('video-reviews:public.refused.expired') };
      return;
    }
    ctx.body = { ticket: links.sign<Ticket>(TICKET, shop.domain, { lang }, TICKET_SECONDS), texts: scriptTexts(t) };
  });

  return router;
}
