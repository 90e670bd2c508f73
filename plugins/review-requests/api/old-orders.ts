// Old orders (spec sections 2, 9): orders of the last 60 days, and requests sent for them in bulk
// by a workflow whose progress the admin can poll. Free shops may send for at most 40.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, unavailableDependency } from '@plaudit/kernel';
import { OLD_ORDER_DAYS, oldOrdersWorkflowId, progressQuery } from '../workflows/messages';
import { OldOrderRequests } from '../shared/workflows';
import { windowOrders } from '../db/old-orders';
import { oldOrdersPage } from './old-orders-page';

/** the progress query's deadline: its worker answers it, slower than a route's 3 s when busy */
const PROGRESS_DEADLINE_MS = 10_000;

export const FREE_OLD_ORDER_LIMIT = 40;

export function oldOrderRoutes({ platform, temporal, config, shops }: ApiServices) {
  const router = new Router<AppState>({ prefix: '/old-orders' });
  const since = () => new Date(Date.now() - OLD_ORDER_DAYS * 86_400_000);
  const adminApi = (shop: string) => {
    if (!platform) throw createHttpError(404, 'No store platform is configured');
    return platform.adminApi(shop);
  };

  router.get('/', async (ctx) => {
    const q = z.object({ endCursor: z.string().max(512).optional(), startCursor: z.string().max(512).optional() }).parse(ctx.query);
    const api = adminApi(ctx.state.auth.shopDomain);
    // only the orders that can still get a request: counted, listed and sent alike
    const window = await windowOrders(api, ctx.state.tenant, since());
    const page = await oldOrdersPage(api, window, q);
    ctx.body = {
      success: true,
      count: window.filter((o) => o.open).length,
      orders: page.nodes.map((o) => ({
        id: o.id,
        name: o.name,
        email: o.email,
        displayFinancialStatus: o.displayFinancialStatus,
        currentTotalPriceSet: o.currentTotalPriceSet,
        lineItems: o.lineItems.nodes.map((li) => ({ title: li.title, quantity: li.quantity, image: li.image?.url ?? null })),
        customer: o.customer ? [o.customer.firstName, o.customer.lastName].filter(Boolean).join(' ') : null,
      })),
      pageInfo: page.pageInfo,
    };
  });

  router.post('/send', async (ctx) => {
    const shop = await shops.get(ctx.state.auth.shopId);
    const limit = shop?.plan === 'free' ? FREE_OLD_ORDER_LIMIT : 10_000;
    const handle = await temporal.call(() =>
      temporal.start(OldOrderRequests, {
        workflowId: oldOrdersWorkflowId(ctx.state.auth.shopDomain),
        taskQueue: config.temporal.taskQueue,
        args: [{ shopId: ctx.state.auth.shopId, shopDomain: ctx.state.auth.shopDomain, limit }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        staticSummary: `Review requests for old orders of ${ctx.state.auth.shopDomain}`,
        staticDetails: `Starts a review request for each order of the last ${OLD_ORDER_DAYS} days, up to ${limit} (${shop?.plan ?? 'unknown'} plan). Progress: the \`progress\` query.`,
      }),
    );
    ctx.body = { success: true, message: 'Sending review requests for old orders', data: { workflowId: handle.workflowId, limit } };
  });

  // A finished send answers from its result, which the server holds; a running one from the query, which
  // its worker answers: given 10 s (the card polls one request at a time), as a busy worker takes longer
  // than a route's usual 3 s deadline.
  router.get('/progress', async (ctx) => {
    const handle = temporal.client.workflow.getHandle(oldOrdersWorkflowId(ctx.state.auth.shopDomain));
    try {
      const { status } = await temporal.call(() => handle.describe());
      // tenancy: this shop's own workflow (its id names the shop), not a table
      const progress =
        status.name === 'COMPLETED' ? await temporal.call(() => handle.result()) : await temporal.call(() => handle.query(progressQuery), PROGRESS_DEADLINE_MS);
      ctx.body = { success: true, data: progress };
    } catch (err) {
      if (unavailableDependency(err)) throw err;
      ctx.body = { success: true, data: null };
    }
  });

  return router;
}
