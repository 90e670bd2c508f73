// /api/saved-views: the merchant's saved views of a list screen (the kernel's, for every list: the
// admin's <SavedViews> keeps a screen's query parameters under a name). Scoped to the signed-in shop.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { AppState } from '../http/types';
import { createView, listQuery, MAX_VIEWS_PER_SCREEN, NAME_TAKEN, updateView, viewId } from './schemas';

const TABLE = 'saved_views';
const COLUMNS = ['id', 'screen', 'name', 'params', 'createdAt', 'updatedAt'];

const nameTaken = () => createHttpError(409, NAME_TAKEN, { code: 'VIEW_NAME_TAKEN', errors: { name: NAME_TAKEN } });
const notFound = () => createHttpError(404, 'Saved view not found');

/** The unique index (shop, screen, lower(name)) refusing a name: the spec's message, not a bare 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw nameTaken();
    throw err;
  }
}

export function savedViewRoutes() {
  const router = new Router<AppState>({ prefix: '/saved-views' });

  router.get('/', async (ctx) => {
    const { screen } = listQuery.parse(ctx.query);
    ctx.body = { items: await ctx.state.tenant.table(TABLE).where({ screen }).orderBy('id').select(COLUMNS) };
  });

  router.post('/', async (ctx) => {
    const view = createView.parse(ctx.request.body);
    const [{ count }] = await ctx.state.tenant.table(TABLE).where({ screen: view.screen }).count({ count: '*' });
    if (Number(count) >= MAX_VIEWS_PER_SCREEN) {
      throw createHttpError(400, `A screen keeps at most ${MAX_VIEWS_PER_SCREEN} saved views`, {
        code: 'VIEW_LIMIT',
        errors: { name: 'The value is invalid' },
      });
    }
    const [row] = await uniqueName(() => ctx.state.tenant.insertInto(TABLE, { ...view, params: JSON.stringify(view.params) }).returning(COLUMNS));
    ctx.status = 201;
    ctx.body = row;
  });

  // rename (name), update with the screen's current state (params), or both
  router.put('/:id', async (ctx) => {
    const id = viewId.parse(ctx.params.id);
    const patch = updateView.parse(ctx.request.body);
    const changes = {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.params !== undefined && { params: JSON.stringify(patch.params) }),
      updatedAt: new Date(),
    };
    const [row] = await uniqueName(() => ctx.state.tenant.table(TABLE).where({ id }).update(changes).returning(COLUMNS));
    if (!row) throw notFound();
    ctx.body = row;
  });

  router.delete('/:id', async (ctx) => {
    const id = viewId.parse(ctx.params.id);
    if (!(await ctx.state.tenant.table(TABLE).where({ id }).delete())) throw notFound();
    ctx.body = { success: true };
  });

  return router;
}
