// Links inside review-request emails: the open-tracking pixel and unsubscribe. Signed, expiring.
import Router from '@koa/router';
import type { AppState } from '../../../api/http/types';
import type { ApiServices } from '../../../api/plugins/types';
import { linkKey, verifyLink } from '../../../api/signed-links';
import { reviewRequestWorkflowId } from '../workflows/messages';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><body style="font-family:system-ui,sans-serif;max-width:520px;margin:15vh auto;padding:0 16px;color:#202223"><h1 style="font-size:22px">${title}</h1><p>${text}</p></body></html>`;

export function publicRoutes({ config, knex, temporal }: ApiServices) {
  const router = new Router<AppState>({ prefix: '/r' });
  const key = () => linkKey(config.encryptionKey!);

  router.get('/open/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'image/gif';
    ctx.body = PIXEL;
    const link = verifyLink(key(), ctx.params.token.replace(/\.gif$/, ''), 'open');
    if (!link) return;
    // tenancy: the signed link names the queue entry and its shop
    const row = await knex('email_queue').join('shops', 'shops.id', 'email_queue.shop_id').where({ 'email_queue.id': link.q, 'shops.shopify_domain': link.shop }).first('email_queue.*');
    if (!row || row.openedAt) return;
    // tenancy: the row was found through the signed link above
    await knex('email_queue').where({ id: row.id }).update({ openedAt: new Date(), ...(row.status === 'success' ? { status: 'opened' } : {}) });
    await temporal.client.workflow.getHandle(reviewRequestWorkflowId(link.shop, link.o)).signal('opened').catch(() => undefined);
  });

  router.get('/unsubscribe/:token', async (ctx) => {
    ctx.type = 'text/html';
    const link = verifyLink(key(), ctx.params.token, 'unsub');
    // tenancy: the signed link names the queue entry and its shop
    const row = link && (await knex('email_queue').join('shops', 'shops.id', 'email_queue.shop_id').where({ 'email_queue.id': link.q, 'shops.shopify_domain': link.shop }).first('email_queue.shop_id as shopId', 'email_queue.customer_email as email', 'shops.name as shopName'));
    if (!row?.email) {
      ctx.status = 400;
      ctx.body = page('Link not valid', 'This unsubscribe link is not valid or has expired.');
      return;
    }
    // tenancy: the signed link names the shop
    await knex('blocked_customers').insert({ shopId: row.shopId, email: row.email, reason: 'unsubscribed' }).onConflict(['shop_id', 'email']).ignore();
    ctx.body = page('You are unsubscribed', `You will no longer receive review requests from ${String(row.shopName ?? 'this store').replace(/[<>&"]/g, '')}.`);
  });

  return router;
}
