// What Instagram and browsers reach without our session:
//   GET /instagram/oauth/callback?code&state   Instagram sends the merchant back here; the state
//       (single use, 10 minutes) names the shop that asked, so a forged or replayed callback
//       connects nothing. The code becomes a short-lived then a long-lived token, sealed at rest.
//   GET /instagram/media/<file>                 our copies of the posts' pictures and videos
import path from 'node:path';
import Router from '@koa/router';
import { messagePage, serveFile, type ApiServices, type AppContext, type AppState } from '@plaudit/kernel';
import { startSync } from '../activities/start-sync';
import { connectAccount } from '../db/accounts';
import { FILE_NAME, mediaDir } from '../db/pictures';
import { spendState } from '../db/states';
import { instagramClient } from '../shared/client';
import { LABEL } from '../shared/instagram';

export function instagramPublicRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/instagram' });

  async function answer(ctx: AppContext, status: number, key: string, vars: Record<string, string> = {}, shopId?: number) {
    const shop = shopId ? await services.shops.get(shopId) : undefined;
    const lang = services.i18n.adminLanguage(shop?.adminLocale);
    const t = services.i18n.forLanguage(lang);
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = messagePage(t(`instagram:callback.${key}_title`, vars), t(`instagram:callback.${key}_text`, vars), lang);
  }

  router.get('/oauth/callback', async (ctx) => {
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    const shopId = await spendState(services.knex, state);
    if (!shopId) return answer(ctx, 400, 'refused');
    if (!code) return answer(ctx, 400, 'denied', {}, shopId);
    const shop = await services.shops.get(shopId);
    if (!shop || shop.uninstalled) return answer(ctx, 400, 'refused');
    const client = instagramClient(services.config);
    try {
      const short = await client.exchangeCode(code);
      const long = await client.longLived(short.accessToken);
      const me = await client.me(long.access_token);
      const tenant = services.tenant(shopId, shop.domain);
      await connectAccount(services.config, tenant, {
        igUserId: String(me.user_id ?? me.id),
        username: me.username,
        accountType: me.account_type ?? null,
        token: long.access_token,
        expiresIn: long.expires_in,
      });
      await startSync(services, { shopId, shopDomain: shop.domain }).catch((err) =>
        ctx.state.log.warn({ err }, 'instagram first sync not started; the schedule will'),
      );
      return answer(ctx, 200, 'connected', { username: me.username }, shopId);
    } catch (err) {
      ctx.state.log.warn({ err, shop: shop.domain }, `${LABEL} connection failed`);
      return answer(ctx, 502, 'failed', {}, shopId);
    }
  });

  router.get('/media/:file', async (ctx) => {
    const { file } = ctx.params;
    if (!FILE_NAME.test(file)) return void ctx.throw(404, 'Not found');
    // a file's name is never reused: browsers and CDNs may keep it for good; videos answer ranges
    serveFile(ctx, { path: path.join(mediaDir(services.config.dataDir), file), type: file.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg' });
  });

  return router;
}
