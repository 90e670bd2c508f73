// Linking two stores, in the caller's transaction: the link's two rows and its workflow's start (the
// kernel's outbox), after the limits. The code route (routes.ts) and the demo stores (demo-link.ts) link this way.
import crypto from 'node:crypto';
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import type { ApiServices } from '@plaudit/kernel';
import { insertLink, isLinkedTo, type LinkEnd, linkCount } from '../db/links';
import { shopFacts } from '../shared/catalogue';
import { type LinkSide, linkWorkflowId, MAX_LINKS, type StoreLinkInput } from '../shared/link';
import { StoreLinkSync } from '../shared/workflows';

/** The shop's name and country from its store (a store that does not answer: its name as installed, no country). */
async function end(services: ApiServices, side: LinkSide): Promise<LinkEnd> {
  const shop = await services.shops.get(side.shopId);
  const fallback = { name: shop?.name ?? side.shopDomain, country: null };
  const facts = services.platform ? await shopFacts(services.platform.adminApi(side.shopDomain)).catch(() => fallback) : fallback;
  return { ...side, ...facts };
}

/** Links `self` (the shop that entered the code) to `other`; 409 when they are linked already or either is full. */
export async function linkStores(services: ApiServices, trx: Knex.Transaction, self: LinkSide, other: LinkSide): Promise<StoreLinkInput> {
  const tenantOf = (s: LinkSide) => services.tenant(s.shopId, s.shopDomain);
  if (await isLinkedTo(tenantOf(self), other.shopId, trx)) throw createHttpError(409, 'These stores are already linked', { code: 'ALREADY_LINKED' });
  const full = (await linkCount(tenantOf(self), trx)) >= MAX_LINKS || (await linkCount(tenantOf(other), trx)) >= MAX_LINKS;
  if (full) throw createHttpError(409, `A store can be linked to at most ${MAX_LINKS} others`, { code: 'TOO_MANY_LINKS' });
  const linkKey = crypto.randomUUID();
  await insertLink(trx, tenantOf, linkKey, await end(services, self), await end(services, other));
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
}
