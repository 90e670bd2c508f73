// The merchant's calls under /api/review-questions, in the admin data provider's dialect:
//   GET    /review-questions?filter={"archived":true}  -> { items, pageInfo } (at most 20 live questions: one page)
//   GET    /review-questions/:id
//   POST   /review-questions { kind, label, ... }       -> 201 the question
//   PUT    /review-questions/:id { ...the whole question }
//   DELETE /review-questions/:id                       -> deleted, or archived when answered
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppContext, AppState } from '@plaudit/kernel';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { bumpVersion } from '../db/version';
import { createQuestion, getQuestion, listQuestions, removeQuestion, updateQuestion } from '../db/questions';
import { questionInput } from '../shared/question';

const idOf = (value: string | undefined): number => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw createHttpError(404, 'Not found');
  return id;
};

function archivedFilter(text: unknown): boolean {
  if (typeof text !== 'string' || !text) return false;
  try {
    const filter = JSON.parse(text) as { archived?: unknown };
    return filter.archived === true;
  } catch {
    throw createHttpError(400, 'Validation failed', { errors: { filter: 'The value is invalid' } });
  }
}

export function adminRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/review-questions' });
  // every change may change what the review box shows: its cached copies go
  const changed = (ctx: AppContext) => bumpVersion(services.knex, ctx.state.tenant, services.capabilities.get(ReviewFeed)?.channel);

  router.get('/', async (ctx) => {
    const items = await listQuestions(ctx.state.tenant, { archived: archivedFilter(ctx.query.filter) });
    ctx.body = { items, pageInfo: { nextCursor: null, hasNextPage: false } };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await getQuestion(ctx.state.tenant, idOf(ctx.params.id));
  });

  router.post('/', async (ctx) => {
    const input = questionInput.parse(ctx.request.body ?? {});
    const created = await createQuestion(ctx.state.tenant, input);
    await changed(ctx);
    ctx.status = 201;
    ctx.body = created;
  });

  router.put('/:id', async (ctx) => {
    const id = idOf(ctx.params.id);
    // react-admin sends the record back whole: the fields the server owns are left out before the check
    const { id: _id, answerCount: _n, createdAt: _c, updatedAt: _u, ...body } = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.body = await updateQuestion(ctx.state.tenant, id, questionInput.parse(body));
    await changed(ctx);
  });

  router.delete('/:id', async (ctx) => {
    const id = idOf(ctx.params.id);
    const outcome = await removeQuestion(ctx.state.tenant, id);
    await changed(ctx);
    ctx.body = { id, ...outcome };
  });

  return router;
}
