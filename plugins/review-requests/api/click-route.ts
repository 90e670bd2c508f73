// The click redirect (`GET /r/click/<token>`): every link of a request email, reminder and push
// reminder passes here (shared/tracked-links.ts). The entry's first click is recorded and the customer
// goes on (302) to the signed target. A link that is not (or no longer) genuine never fails: it leads
// to the shop it names when we serve that shop, else to a page saying so.
import { WorkflowNotFoundError } from '@temporalio/client';
import { type ApiServices, type AppContext, type AppRouter, guessDoor, messagePage, SHOP_DOMAIN } from '@plaudit/kernel';
import { recordClick, recordStarted } from '../db/funnel';
import type { ClickLink } from '../shared/tracked-links';
import { openedSignal, reviewRequestWorkflowId } from '../workflows/messages';

/** The shop a token says it is for, read without trusting it (only to pick a safe place to go). */
function namedShop(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    return typeof payload?.shop === 'string' && SHOP_DOMAIN.test(payload.shop) ? payload.shop : undefined;
  } catch {
    return undefined;
  }
}

export function clickRoute(router: AppRouter, { config, knex, links, shops, tenant, temporal, i18n, log }: ApiServices) {
  /** A click opened the email too (its pixel may have been blocked): the workflow shows "opened". */
  const signalOpened = (shopDomain: string, orderId: string) =>
    temporal
      .call(() => temporal.client.workflow.getHandle(reviewRequestWorkflowId(shopDomain, orderId)).signal(openedSignal, { at: new Date().toISOString() }))
      .catch((err) => {
        if (!(err instanceof WorkflowNotFoundError)) log.warn({ err, shop: shopDomain }, 'open (by a click) not signalled');
      });

  async function notGenuine(ctx: AppContext, token: string) {
    const domain = namedShop(token);
    const shop = domain ? await shops.byDomain(domain) : undefined;
    if (shop) return ctx.redirect(`https://${shop.publicDomain ?? shop.domain}/`);
    const lang = i18n.language();
    const t = i18n.forLanguage(lang);
    ctx.status = 400;
    ctx.type = 'text/html';
    ctx.body = messagePage(t('review-requests:public.link_invalid_title'), t('review-requests:public.click_invalid'), lang);
  }

  router.get('/click/:token', guessDoor({ knex, config }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const link = links.verify<ClickLink>('review-requests.click', ctx.params.token);
    if (!link) return notGenuine(ctx, ctx.params.token);
    // an entry that is not the shop's (or is gone) records nothing; whatever happens to the record,
    // the customer goes on
    try {
      const shop = await shops.byDomain(link.shop);
      const opened = shop && (await recordClick(tenant(shop.id, shop.domain), link.data.queueEntry));
      // a star: the review counts as started (its reminders read it and ask to finish it)
      if (shop && link.data.rating) await recordStarted(tenant(shop.id, shop.domain), link.data.queueEntry, link.data.rating);
      if (opened) await signalOpened(link.shop, opened.orderId);
    } catch (err) {
      log.warn({ err, shop: link.shop }, 'click not recorded');
    }
    ctx.redirect(link.data.to);
  });
}
