// The sending screen's calls (spec section 2, /collect-reviews/email-request): send review requests
// for the orders the store admin names, in the background, with progress to poll.
import crypto from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import { type ApiServices, type AppState, unavailableDependency } from '@plaudit/kernel';
import { sendNowProgressQuery, sendNowWorkflowPrefix } from '../workflows/messages';
import { SendRequestsNow } from '../shared/workflows';

/** Order ids as the store admin passes them: numbers (past 2^53, so text) or Order gids. */
const orderId = z
  .string()
  .trim()
  .regex(/^(gid:\/\/shopify\/Order\/)?\d{1,20}$/, 'The value is invalid')
  .transform((s) => s.split('/').pop()!);
export const sendNowBody = z.object({ orderIds: z.array(orderId).min(1).max(50) });

export function sendNowRoutes({ temporal, config }: ApiServices) {
  const router = new Router<AppState>({ prefix: '/email-request' });

  router.post('/', async (ctx) => {
    const { orderIds } = sendNowBody.parse(ctx.request.body ?? {});
    const { shopId, shopDomain } = ctx.state.auth;
    const id = crypto.randomUUID();
    await temporal.call(() =>
      temporal.start(SendRequestsNow, {
        workflowId: sendNowWorkflowPrefix(shopDomain) + id,
        taskQueue: config.temporal.taskQueue,
        args: [{ shopId, shopDomain, orderIds: [...new Set(orderIds)] }],
        staticSummary: `Send review requests now · ${orderIds.length} order(s) · ${shopDomain}`,
        staticDetails: `Started from the sending screen for orders ${orderIds.join(', ')}. Progress: the \`sendNowProgress\` query.`,
      }),
    );
    ctx.body = { success: true, message: 'Sending review request', data: { id } };
  });

  // The id is only the run's own part: the shop's prefix comes from the credential.
  router.get('/:id', async (ctx) => {
    const id = z.uuid({ message: 'The value is invalid' }).parse(ctx.params.id);
    try {
      const progress = await temporal.call(() =>
        temporal.client.workflow.getHandle(sendNowWorkflowPrefix(ctx.state.auth.shopDomain) + id).query(sendNowProgressQuery),
      );
      ctx.body = { success: true, data: progress };
    } catch (err) {
      if (unavailableDependency(err)) throw err;
      // Not started yet on the worker (or no such run): nothing to show so far.
      ctx.body = { success: true, data: null };
    }
  });

  return router;
}
