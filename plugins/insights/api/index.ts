// The insights plugin's API: the topics of a product (or of the shop), one review's reading, the
// reviews needing a look, and the full rebuild as a workflow with its progress (the
// `insights:rebuild` command calls both).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, defineApiPlugin, unavailableDependency } from '@plaudit/kernel';
import { ReviewTexts } from '@plaudit/contracts/reviews';
import { needingALook, productTopics, reviewReading, shopTopics } from '../db/store';
import { mountReplyRoutes } from './replies';
import { rebuildProgressQuery, rebuildWorkflowId, type RebuildProgress } from '../workflows/messages';
import { startRebuild } from '../activities/start-rebuild';

const topicsQuery = z.object({ productId: z.string().trim().min(1).max(100).optional() }).strict();
const lookQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();
const reviewParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

function insightsRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/insights' });

  router.get('/topics', async (ctx) => {
    const { productId } = topicsQuery.parse(ctx.query);
    const { tenant } = ctx.state;
    ctx.body = { topics: productId ? await productTopics(tenant, productId) : await shopTopics(services.knex, tenant) };
  });

  router.get('/reviews/:id', async (ctx) => {
    const { id } = reviewParams.parse(ctx.params);
    const reading = await reviewReading(ctx.state.tenant, id);
    if (!reading) throw createHttpError(404, 'This review has not been read yet');
    ctx.body = reading;
  });

  router.get('/needs-look', async (ctx) => {
    const { limit } = lookQuery.parse(ctx.query);
    ctx.body = { items: await needingALook(ctx.state.tenant, limit) };
  });

  // every review read again (workflows/rebuild.ts); a run under way is the one answered, a finished one is started anew
  router.post('/rebuild', async (ctx) => {
    if (!services.capabilities.get(ReviewTexts)) throw createHttpError(409, 'The reviews plugin is not installed');
    const { shopId, shopDomain } = ctx.state.auth;
    const handle = await startRebuild(services, { shopId, shopDomain });
    ctx.status = 202;
    ctx.body = { workflowId: handle.workflowId, runId: handle.firstExecutionRunId };
  });

  // the last rebuild's progress; null when none ran (or it is past Temporal's retention)
  router.get('/rebuild', async (ctx) => {
    const handle = services.temporal.client.workflow.getHandle(rebuildWorkflowId(ctx.state.auth.shopDomain));
    try {
      // A finished rebuild answers from its result, which the server holds; a running one from the query, which its worker answers.
      const { status } = await services.temporal.call(() => handle.describe());
      // tenancy: this shop's own workflow (its id names the shop), not a table
      const progress = await services.temporal.call(() => (status.name === 'COMPLETED' ? handle.result() : handle.query(rebuildProgressQuery)));
      ctx.body = { progress: progress as RebuildProgress };
    } catch (err) {
      if (unavailableDependency(err)) throw err;
      ctx.body = { progress: null };
    }
  });

  // drafted replies and their settings (api/replies.ts)
  mountReplyRoutes(router, services);

  return router;
}

export default defineApiPlugin({ id: 'insights', routes: (services) => insightsRoutes(services) });
