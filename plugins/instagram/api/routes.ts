// The merchant's calls, all for the authenticated shop:
//   GET    /api/instagram             the account (username, status, last sync; never the token)
//   POST   /api/instagram/connect     { authorizeUrl }: Instagram's window, with a state bound to the shop
//   DELETE /api/instagram             disconnect: the token and the synced posts are forgotten
//   POST   /api/instagram/sync        sync now (202; 409 when not connected)
//   GET    /api/instagram/posts       the synced posts, newest first
//   PUT    /api/instagram/posts/:id   { hidden?, productIds? } (products checked against the store)
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppState } from '@plaudit/kernel';
import { startSync } from '../activities/start-sync';
import { accountOf, disconnectAccount, presentAccount } from '../db/accounts';
import { deleteFiles } from '../db/pictures';
import { countPosts, listPosts, removeOtherPosts, updatePost } from '../db/posts';
import { newState } from '../db/states';
import { instagramClient, metaApp } from '../shared/client';
import { postPatch } from '../shared/instagram';
import { taggedProducts } from './products';

export function instagramRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/instagram' });

  router.get('/', async (ctx) => {
    const { tenant } = ctx.state;
    ctx.body = { success: true, data: presentAccount(await accountOf(tenant), await countPosts(tenant)) };
  });

  router.post('/connect', async (ctx) => {
    if (!metaApp(services.config)) throw createHttpError(503, 'Instagram is not configured on this server', { code: 'INSTAGRAM_NOT_CONFIGURED' });
    const state = await newState(ctx.state.tenant);
    ctx.body = { success: true, data: { authorizeUrl: instagramClient(services.config).authorizeUrl(state) } };
  });

  router.delete('/', async (ctx) => {
    const { tenant } = ctx.state;
    await disconnectAccount(tenant);
    // the posts were the account's: none stays on the storefront after a disconnect
    deleteFiles(services.config.dataDir, await removeOtherPosts(tenant, []));
    ctx.body = { success: true, data: presentAccount(await accountOf(tenant), 0) };
  });

  router.post('/sync', async (ctx) => {
    const { tenant } = ctx.state;
    if ((await accountOf(tenant))?.status !== 'connected') throw createHttpError(409, 'Instagram is not connected', { code: 'NOT_CONNECTED' });
    const started = await startSync(services, { shopId: tenant.shopId, shopDomain: tenant.shopDomain });
    ctx.status = 202;
    ctx.body = { success: true, data: { started } };
  });

  router.get('/posts', async (ctx) => {
    ctx.body = { success: true, data: await listPosts(ctx.state.tenant) };
  });

  router.put('/posts/:id', async (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw createHttpError(404, 'Post not found');
    const patch = postPatch.parse(ctx.request.body ?? {});
    const { tenant } = ctx.state;
    const products = patch.productIds && (await taggedProducts(services, tenant.shopDomain, patch.productIds));
    const post = await updatePost(tenant, id, { hidden: patch.hidden, products });
    if (!post) throw createHttpError(404, 'Post not found');
    ctx.body = { success: true, data: post };
  });

  return router;
}
