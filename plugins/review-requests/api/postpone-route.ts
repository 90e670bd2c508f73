// "Not arrived yet?" (issue 32): the signed link in every request email and reminder
// (`/r/postpone/<token>`, purpose 'review-requests.postpone', as long-lived as the request's links).
// GET only shows a button (mail scanners open links: a visit must change nothing); its POST asks the
// order's workflow (the postpone update) to wait for the delivery, at most the postpone time, and
// send the request again. The page says the workflow's verdict, in the customer's language.
import { WorkflowNotFoundError } from '@temporalio/client';
import { type ApiServices, type AppContext, type AppRouter, customerPage, esc, guessDoor, messagePage, unavailableDependency } from '@plaudit/kernel';
import { entryById } from '../db/queue';
import type { EntryLink } from '../shared/request-links';
import { postponeUpdate, reviewRequestWorkflowId } from '../workflows/messages';
import { askOnceSent } from './postpone-catch-up';
import { UPDATE_DEADLINE_MS } from './queue-actions';

export function postponeRoute(router: AppRouter, services: ApiServices) {
  const { knex, config, links, shops, tenant, temporal, i18n, log } = services;

  const sentOnRow = async (shop: { id: number; domain: string }, queueEntry: number) => {
    const row = await entryById(tenant(shop.id, shop.domain), queueEntry).first('status');
    return row?.status === 'success' || row?.status === 'opened';
  };

  /** The link's request and the customer's language; undefined when it answered the page itself. */
  async function requestOf(ctx: AppContext) {
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    const link = links.verify<EntryLink>('review-requests.postpone', ctx.params.token);
    const shop = link && (await shops.byDomain(link.shop));
    const row = shop && (await entryById(tenant(shop.id, shop.domain), link.data.queueEntry).first('orderId', 'customerLocale', 'postponedUntil'));
    const lang = i18n.language(row?.customerLocale, shop?.locale);
    const t = i18n.forLanguage(lang);
    if (!link || !shop || !row) {
      ctx.status = 400;
      ctx.body = messagePage(t('review-requests:public.link_invalid_title'), t('review-requests:public.click_invalid'), lang);
      return undefined;
    }
    return { link, shop, row, lang, t };
  }

  const day = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { dateStyle: 'long' });

  router.get('/postpone/:token', guessDoor({ knex, config }), async (ctx) => {
    const c = await requestOf(ctx);
    if (!c) return;
    if (c.row.postponedUntil) {
      ctx.body = messagePage(
        c.t('review-requests:public.postponed_title'),
        c.t('review-requests:public.postponed', { date: day(c.row.postponedUntil, c.lang) }),
        c.lang,
      );
      return;
    }
    ctx.body = customerPage({
      title: c.t('review-requests:public.postpone_title'),
      lang: c.lang,
      bodyHtml: `<section><h1>${esc(c.t('review-requests:public.postpone_title'))}</h1><p>${esc(c.t('review-requests:public.postpone_text', { shop: c.shop.name }))}</p><form method="post"><button type="submit">${esc(c.t('review-requests:public.postpone_button'))}</button></form></section>`,
    });
  });

  router.post('/postpone/:token', guessDoor({ knex, config }), async (ctx) => {
    const c = await requestOf(ctx);
    if (!c) return;
    const handle = temporal.client.workflow.getHandle(reviewRequestWorkflowId(c.link.shop, c.row.orderId));
    const at = new Date().toISOString();
    const ask = () => temporal.call(() => handle.executeUpdate(postponeUpdate, { args: [{ at }] }), UPDATE_DEADLINE_MS);
    try {
      const until = await askOnceSent(ask, () => sentOnRow(c.shop, c.link.data.queueEntry));
      if (!until) throw new Error('reviewed meanwhile');
      ctx.body = messagePage(c.t('review-requests:public.postponed_title'), c.t('review-requests:public.postponed', { date: day(until, c.lang) }), c.lang);
    } catch (err) {
      if (unavailableDependency(err)) {
        log.warn({ err, shop: c.link.shop }, 'postpone not delivered');
        ctx.status = 503;
        ctx.body = messagePage(c.t('review-requests:public.postpone_later_title'), c.t('review-requests:public.postpone_later'), c.lang);
        return;
      }
      // the workflow ended, its reminders are over, or it was postponed already: its verdict
      const fresh = await entryById(tenant(c.shop.id, c.shop.domain), c.link.data.queueEntry).first('postponedUntil');
      ctx.status = fresh?.postponedUntil ? 200 : 409;
      ctx.body = fresh?.postponedUntil
        ? messagePage(
            c.t('review-requests:public.postponed_title'),
            c.t('review-requests:public.postponed', { date: day(fresh.postponedUntil, c.lang) }),
            c.lang,
          )
        : messagePage(c.t('review-requests:public.postpone_closed_title'), c.t('review-requests:public.postpone_closed'), c.lang);
      if (!(err instanceof WorkflowNotFoundError) && !fresh?.postponedUntil)
        log.info({ shop: c.link.shop, reason: (err as Error).message }, 'postpone refused');
    }
  });
}
