// The merchant's calls under /api/questions (second plan tier: below it every call answers 403
// PLAN_TIER_TOO_LOW and the admin sends the merchant to /subscription?tier=second):
//   GET    /questions?cursor&limit&sort&filter={"tab","q"}   -> { items, pageInfo: { nextCursor, hasNextPage } }
//   GET    /questions/:id                    -> the question with every answer
//   PUT    /questions/:id/answer { body }    -> the merchant's answer, published with its question
//   PUT    /questions/:id/answers/:answerId { status }, DELETE ...   a community answer's moderation
//   POST   /questions/bulk/:action { ids }   -> { success, count } (publish, unpublish, delete)
//   DELETE /questions/:id
//   GET|PUT /questions/settings
//   GET /questions/:id/community, POST /questions/:id/community/invite   "ask the community" (community-routes.ts)
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppContext, type AppState, requireFeature } from '@plaudit/kernel';
import { answersOf, listQuestions } from '../db/list';
import { presentQuestion, QuestionRow } from '../db/models';
import { deleteAnswer, runAction, saveMerchantAnswer, setAnswerStatus } from '../db/moderation';
import { ACTIONS, answerInput, answerStatusInput, bulkInput, INVALID, listFilter, listQuery, questionSettings, type Action } from '../shared/question';
import { questionSettingsOf } from '../shared/settings';
import { communityRoutes } from './community-routes';

const idOf = (value: string | undefined): number => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw createHttpError(404, 'Not found');
  return id;
};

function parseFilter(text: string | undefined) {
  let value: unknown = {};
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    throw createHttpError(400, 'Validation failed', { errors: { filter: INVALID } });
  }
  return listFilter.parse(value);
}

export function adminRoutes(services: ApiServices) {
  const settings = questionSettingsOf(services.settings);
  const router = new Router<AppState>({ prefix: '/questions' });
  router.use(requireFeature('questions'));

  router.get('/', async (ctx) => {
    const q = listQuery.parse(ctx.query);
    const filter = parseFilter(q.filter);
    const { rows, nextCursor } = await listQuestions(ctx.state.tenant, { ...filter, limit: q.limit, descending: q.sort === '-createdAt', cursor: q.cursor });
    const answers = await answersOf(
      ctx.state.tenant,
      rows.map((r) => Number(r.id)),
    );
    ctx.body = { items: rows.map((r) => presentQuestion(r, answers.get(Number(r.id)))), pageInfo: { nextCursor, hasNextPage: !!nextCursor } };
  });

  router.get('/settings', async (ctx) => {
    ctx.body = { success: true, data: await settings.get(ctx.state.auth.shopId) };
  });

  router.put('/settings', async (ctx) => {
    const patch = questionSettings
      .partial()
      .strict()
      .parse(ctx.request.body ?? {});
    ctx.body = { success: true, data: await settings.update(ctx.state.auth.shopId, patch) };
  });

  async function one(ctx: AppContext, id: number) {
    const row = await ctx.state.tenant.query(QuestionRow).findById(id);
    if (!row) throw createHttpError(404, 'Not found');
    return presentQuestion(row, (await answersOf(ctx.state.tenant, [id])).get(id));
  }

  communityRoutes(router, services, idOf);

  router.get('/:id', async (ctx) => {
    ctx.body = await one(ctx, idOf(ctx.params.id));
  });

  router.put('/:id/answer', async (ctx) => {
    const id = idOf(ctx.params.id);
    const { body } = answerInput.parse(ctx.request.body ?? {});
    const shop = await services.shops.get(ctx.state.auth.shopId);
    const saved = await saveMerchantAnswer(services.knex, ctx.state.tenant, id, {
      body,
      authorName: shop?.name ?? ctx.state.tenant.shopDomain,
      events: services.events,
    });
    if (!saved) throw createHttpError(404, 'Not found');
    ctx.body = await one(ctx, id);
  });

  router.put('/:id/answers/:answerId', async (ctx) => {
    const id = idOf(ctx.params.id);
    const { status } = answerStatusInput.parse(ctx.request.body ?? {});
    if (!(await setAnswerStatus(services.knex, ctx.state.tenant, id, idOf(ctx.params.answerId), status, services.events)))
      throw createHttpError(404, 'Not found');
    ctx.body = await one(ctx, id);
  });

  router.delete('/:id/answers/:answerId', async (ctx) => {
    const id = idOf(ctx.params.id);
    if (!(await deleteAnswer(services.knex, ctx.state.tenant, id, idOf(ctx.params.answerId)))) throw createHttpError(404, 'Not found');
    ctx.body = await one(ctx, id);
  });

  router.post('/bulk/:action', async (ctx) => {
    const action = ctx.params.action as Action;
    if (!ACTIONS.includes(action)) throw createHttpError(404, 'Not found');
    const { ids } = bulkInput.parse(ctx.request.body ?? {});
    ctx.body = { success: true, count: await runAction(services.knex, ctx.state.tenant, action, ids) };
  });

  router.delete('/:id', async (ctx) => {
    const id = idOf(ctx.params.id);
    if (!(await runAction(services.knex, ctx.state.tenant, 'delete', [id]))) throw createHttpError(404, 'Not found');
    ctx.body = { id };
  });

  return router;
}
