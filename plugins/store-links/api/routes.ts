// /api/store-links: the shop's links and its one-time code. Shop A makes a code (shown once, valid
// for an hour); shop B's merchant enters it, which links both shops and starts the link's workflow
// in the same transaction (the kernel's outbox). Either side may unlink: the link shows as
// unlinking until its workflow has removed the copies on both sides.
import crypto from 'node:crypto';
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppState, Tenant } from '@plaudit/kernel';
import { codeExpiry, insertLink, isLinkedTo, type LinkEnd, linkCount, linkOf, listLinks, markUnlinking, newCode, redeemCode } from '../db/links';
import { shopFacts } from '../shared/catalogue';
import { joinInput, type LinkSide, linkWorkflowId, MAX_LINKS, type StoreLinkInput } from '../shared/link';
import { StoreLinkSync } from '../shared/workflows';
import { unlinkSignal } from '../workflows/messages';

const invalidCode = (message: string) => createHttpError(400, 'Validation failed', { errors: { code: message } });

export function storeLinkRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/store-links' });

  /** The shop's name and country from its store (a store that does not answer: its name as installed, no country). */
  async function end(side: LinkSide): Promise<LinkEnd> {
    const shop = await services.shops.get(side.shopId);
    const fallback = { name: shop?.name ?? side.shopDomain, country: null };
    const facts = services.platform ? await shopFacts(services.platform.adminApi(side.shopDomain)).catch(() => fallback) : fallback;
    return { ...side, ...facts };
  }

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
    const linkKey = crypto.randomUUID();
    const input = await services.knex.transaction(async (trx) => {
      const partnerId = await redeemCode(trx, code);
      if (partnerId === undefined) throw invalidCode('This code is unknown or has expired: ask the other store for a new one');
      if (partnerId === self.shopId) throw invalidCode("This is your own store's code: enter it in the other store's admin");
      const partner = await services.shops.get(partnerId);
      if (!partner || partner.uninstalled) throw invalidCode('This code is unknown or has expired: ask the other store for a new one');
      const other: LinkSide = { shopId: partner.id, shopDomain: partner.domain };
      if (await isLinkedTo(tenant, other.shopId, trx)) throw createHttpError(409, 'These stores are already linked', { code: 'ALREADY_LINKED' });
      const full = (await linkCount(tenant, trx)) >= MAX_LINKS || (await linkCount(services.tenant(other.shopId, other.shopDomain), trx)) >= MAX_LINKS;
      if (full) throw createHttpError(409, `A store can be linked to at most ${MAX_LINKS} others`, { code: 'TOO_MANY_LINKS' });
      await insertLink(trx, (s) => services.tenant(s.shopId, s.shopDomain), linkKey, await end(self), await end(other));
      const started: StoreLinkInput = { linkKey, sides: [other, self] };
      await services.outbox.start(
        StoreLinkSync,
        {
          workflowId: linkWorkflowId(linkKey),
          args: [started],
          shopDomain: self.shopDomain,
          summary: `Reviews shared between ${other.shopDomain} and ${self.shopDomain}`,
        },
        trx,
      );
      return started;
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
