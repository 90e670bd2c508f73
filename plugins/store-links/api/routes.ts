// /api/store-links: the shop's links and its one-time code. Shop A makes a code (shown once, valid
// for an hour); shop B's merchant enters it, which links both shops and starts the link's workflow
// in the same transaction (the kernel's outbox). Either side may unlink: the link shows as
// unlinking until its workflow has removed the copies on both sides.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppState, Tenant } from '@plaudit/kernel';
import { codeExpiry, linkOf, listLinks, markUnlinking, newCode, redeemCode } from '../db/links';
import { joinInput, type LinkSide, linkWorkflowId, MAX_LINKS, type StoreLinkInput } from '../shared/link';
import { linkStores } from './link-stores';
import { StoreLinkSync } from '../shared/workflows';
import { unlinkSignal } from '../workflows/messages';

const invalidCode = (message: string) => createHttpError(400, 'Validation failed', { errors: { code: message } });

export function storeLinkRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/store-links' });

  router.get('/', async (ctx) => {
    const tenant = ctx.state.tenant;
    const [links, expiresAt] = await Promise.all([listLinks(tenant), codeExpiry(tenant)]);
    ctx.body = { links, codeExpiresAt: expiresAt?.toISOString() ?? null, maxLinks: MAX_LINKS };
  });

  router.post('/code', async (ctx) => {
    const { code, expiresAt } = await newCode(ctx.state.tenant);
    ctx.status = 201;
    ctx.body = { code: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`, expiresAt: expiresAt.toISOString() };
  });

  // the other shop's code entered here: both shops linked
  router.post('/', async (ctx) => {
    const { code } = joinInput.parse(ctx.request.body ?? {});
    const tenant: Tenant = ctx.state.tenant;
    const self: LinkSide = { shopId: tenant.shopId, shopDomain: tenant.shopDomain };
    const input = await services.knex.transaction(async (trx) => {
      const partnerId = await redeemCode(trx, code);
      if (partnerId === undefined) throw invalidCode('This code is unknown or has expired: ask the other store for a new one');
      if (partnerId === self.shopId) throw invalidCode("This is your own store's code: enter it in the other store's admin");
      const partner = await services.shops.get(partnerId);
      if (!partner || partner.uninstalled) throw invalidCode('This code is unknown or has expired: ask the other store for a new one');
      return linkStores(services, trx, self, { shopId: partner.id, shopDomain: partner.domain });
    });
    ctx.status = 201;
    ctx.body = { links: await listLinks(tenant), linkKey: input.linkKey };
  });

  // either side unlinks: the rows say so at once, the workflow removes the copies, then the rows
  router.delete('/:id', async (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw createHttpError(404, 'Not found');
    const [link] = await linkOf(ctx.state.tenant, { id });
    if (!link) throw createHttpError(404, 'Not found');
    await services.knex.transaction(async (trx) => {
      for (const side of link.sides) await markUnlinking(services.tenant(side.shopId, side.shopDomain), link.linkKey, trx);
    });
    const input: StoreLinkInput = { ...link, unlinking: true };
    // a run that ended (or never started) starts again already unlinking; a running one is told
    await services.temporal.signalWithStart(StoreLinkSync, {
      workflowId: linkWorkflowId(link.linkKey),
      taskQueue: services.config.temporal.taskQueue,
      args: [input],
      signal: unlinkSignal,
      signalArgs: [],
    });
    ctx.status = 202;
    ctx.body = { links: await listLinks(ctx.state.tenant) };
  });

  return router;
}
