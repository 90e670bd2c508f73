// The insights plugin's API: the topics of a product (or of the shop), one review's reading, the
// reviews needing a look, and the full rebuild (the `insights:rebuild` command calls it).
// TODO(issue 35): the rebuild runs inside the request; a shop of 100,000 reviews needs it as a workflow.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, defineApiPlugin } from '@plaudit/kernel';
import { ReviewFacts, ReviewTexts } from '@plaudit/contracts/reviews';
import { readAndStore } from '../db/read-reviews';
import { forgetShop, needingALook, productTopics, reviewReading, shopTopics } from '../db/store';

const topicsQuery = z.object({ productId: z.string().trim().min(1).max(100).optional() }).strict();
const lookQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();
const reviewParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const REBUILD_PAGE = 500;

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

  // every published review read again from scratch (pending ones are read by their events)
  router.post('/rebuild', async (ctx) => {
    const facts = services.capabilities.get(ReviewFacts);
    const texts = services.capabilities.get(ReviewTexts);
    if (!facts || !texts) throw createHttpError(409, 'The reviews plugin is not installed');
    const { tenant } = ctx.state;
    await forgetShop(services.knex, tenant);
    let reviews = 0;
    for (let afterId = 0; ; ) {
      const page = await texts.published(tenant, afterId, REBUILD_PAGE);
      if (!page.length) break;
      reviews += await readAndStore(
        services.knex,
        { facts, texts },
        tenant,
        page.map((r) => r.id),
      );
      afterId = page[page.length - 1].id;
    }
    ctx.body = { reviews };
  });

  return router;
}

export default defineApiPlugin({ id: 'insights', routes: (services) => insightsRoutes(services) });
