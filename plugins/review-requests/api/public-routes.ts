// Links inside review-request emails: the open-tracking pixel, unsubscribe and the click redirect
// (click-route.ts), and text messages' short links to it (short-link-route.ts). Signed, expiring
// (purposes 'review-requests.open', 'review-requests.unsubscribe', 'review-requests.click'). Pages are in the customer's language: the order's locale, else the shop's.
import Router from '@koa/router';
import { WorkflowNotFoundError } from '@temporalio/client';
import { type ApiServices, type AppState, guessDoor, linkKey, messagePage, verifyLink } from '@plaudit/kernel';
import { openedSignal, reviewRequestWorkflowId } from '../workflows/messages';
import { blockCustomers, entryById } from '../db/queue';
import { recordUnsubscribe } from '../db/funnel';
import { clickRoute } from './click-route';
import { postponeRoute } from './postpone-route';
import { shortLinkRoute } from './short-link-route';
import type { EntryLink } from '../shared/request-links';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function publicRoutes(services: ApiServices) {
  const { knex, links, shops, temporal, tenant, i18n, log, config } = services;
  const router = new Router<AppState>({ prefix: '/r' });
  clickRoute(router, services);
  postponeRoute(router, services);
  shortLinkRoute(router, services);
  /**
   * Unsubscribe links mailed before the declared purposes (old format, valid 60 days): they must keep
   * working until they expire; this fallback can go once the last of them has (60 days after release).
   */
  const legacyUnsubscribe = (token: string): { shop: string; data: EntryLink } | undefined => {
    const old = verifyLink(linkKey(config.encryptionKey!), token, 'unsub');
    // version 1 named the queue entry `q` and the order `o`
    return old && typeof old.q === 'number' && typeof old.o === 'string' ? { shop: old.shop, data: { queueEntry: old.q, orderId: old.o } } : undefined;
  };

  // The pixel answers at once; the order's workflow records the open (the queue's only writer).
  router.get('/open/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'image/gif';
    ctx.body = PIXEL;
    const link = links.verify<EntryLink>('review-requests.open', ctx.params.token.replace(/\.gif$/, ''));
    if (!link) return;
    await temporal
      .call(() =>
        temporal.client.workflow.getHandle(reviewRequestWorkflowId(link.shop, link.data.orderId)).signal(openedSignal, { at: new Date().toISOString() }),
      )
      .catch((err) => {
        // A finished request has nobody to tell; anything else is worth a line in the log, not a broken image.
        if (!(err instanceof WorkflowNotFoundError)) log.warn({ err, shop: link.shop }, 'open not signalled');
      });
  });

  // the open pixel answers the same GIF to any token (nothing to learn), so only this door is counted
  router.get('/unsubscribe/:token', guessDoor({ knex, config }), async (ctx) => {
    ctx.type = 'text/html';
    const link = links.verify<EntryLink>('review-requests.unsubscribe', ctx.params.token) ?? legacyUnsubscribe(ctx.params.token);
    const shop = link && (await shops.byDomain(link.shop));
    const scoped = shop && tenant(shop.id, shop.domain);
    const row = scoped && (await entryById(scoped, link.data.queueEntry).first('customerEmail', 'customerLocale'));
    const lang = i18n.language(row?.customerLocale, shop?.locale);
    const t = i18n.forLanguage(lang);
    if (!scoped || !row?.customerEmail) {
      ctx.status = 400;
      ctx.body = messagePage(t('review-requests:public.link_invalid_title'), t('review-requests:public.unsubscribe_invalid'), lang);
      return;
    }
    await blockCustomers(scoped, [{ email: row.customerEmail, reason: 'unsubscribed' }]);
    await recordUnsubscribe(scoped, link.data.queueEntry);
    ctx.body = messagePage(t('review-requests:public.unsubscribed_title'), t('review-requests:public.unsubscribed', { shop: shop.name }), lang);
  });

  return router;
}
