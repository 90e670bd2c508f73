// The merchant's calls under /api/product-groups, in the admin data provider's dialect:
//   GET    /product-groups                 -> { items, pageInfo } (at most 200 groups: one page)
//   GET    /product-groups/:id
//   POST   /product-groups { name, kind: 'manual', products: [{ id, title }], shareReviews, sameProduct } -> 201
//          /product-groups { name, kind: 'tag' | 'skuPrefix', match, shareReviews, sameProduct } -> 201 (products found in the store)
//   PUT    /product-groups/:id { ...the whole group }
//   DELETE /product-groups/:id
// Every save recomputes the shop's rule groups from the catalogue (db/rules.ts).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppContext, AppState } from '@plaudit/kernel';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { createGroup, getGroup, listGroups, removeGroup, updateGroup } from '../db/groups';
import { bumpVersion } from '../db/version';
import { groupInput } from '../shared/group';
import { catalogueSearch } from './catalogue';

const idOf = (value: string | undefined): number => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw createHttpError(404, 'Not found');
  return id;
};

export function adminRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/product-groups' });
  // every change changes what the review boxes and stars of its products show: their cached copies go
  const changed = (ctx: AppContext) => bumpVersion(services.knex, ctx.state.tenant, services.capabilities.get(ReviewFeed)?.channel);

  router.get('/', async (ctx) => {
    ctx.body = { items: await listGroups(ctx.state.tenant), pageInfo: { nextCursor: null, hasNextPage: false } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await getGroup(ctx.state.tenant, idOf(ctx.params.id));
  });

  router.post('/', async (ctx) => {
    const { tenant } = ctx.state;
    const created = await createGroup(services.knex, tenant, groupInput.parse(ctx.request.body ?? {}), catalogueSearch(services, tenant));
    await changed(ctx);
    ctx.status = 201;
    ctx.body = created;
  });

  router.put('/:id', async (ctx) => {
    const id = idOf(ctx.params.id);
    // react-admin sends the record back whole: the fields the server owns are left out before the check
    const { id: _id, createdAt: _c, updatedAt: _u, ...body } = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.body = await updateGroup(services.knex, ctx.state.tenant, id, groupInput.parse(body), catalogueSearch(services, ctx.state.tenant));
    await changed(ctx);
  });

  router.delete('/:id', async (ctx) => {
    const id = idOf(ctx.params.id);
    await removeGroup(services.knex, ctx.state.tenant, id, catalogueSearch(services, ctx.state.tenant));
    await changed(ctx);
    ctx.body = { id };
  });

  return router;
}
