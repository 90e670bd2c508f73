// The bulk translation (second tier): POST /translations/bulk { language } starts translating every
// published review into it (one run per shop and language at a time); GET /translations/bulk/:language
// its progress (null when none ran).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppState, requireFeature, unavailableDependency } from '@plaudit/kernel';
import { REVIEW_LANGUAGES } from '../providers';
import { bulkProgressQuery, bulkWorkflowId, type BulkInput, type BulkProgress } from '../workflows/messages';
import { TranslateReviewsInto } from '../shared/workflows';

const languageOf = (v: unknown) => {
  if (typeof v !== 'string' || !(REVIEW_LANGUAGES as readonly string[]).includes(v))
    throw createHttpError(400, 'Validation failed', { errors: { language: 'Unknown language' } });
  return v;
};

export function bulkRoutes({ temporal, config }: ApiServices) {
  const router = new Router<AppState>({ prefix: '/translations/bulk' });
  const gate = requireFeature('reviewTranslation');

  router.post('/', gate, async (ctx) => {
    const target = languageOf((ctx.request.body as { language?: unknown } | undefined)?.language);
    const { shopId, shopDomain } = ctx.state.auth;
    const input: BulkInput = { shopId, shopDomain, target };
    const handle = await temporal.call(() =>
      temporal.start(TranslateReviewsInto, {
        workflowId: bulkWorkflowId(shopDomain, target),
        taskQueue: config.temporal.taskQueue,
        args: [input],
        // a run under way is the one the merchant sees; a finished one is started anew
        workflowIdConflictPolicy: 'USE_EXISTING',
        staticSummary: `Translate ${shopDomain}'s published reviews into ${target}`,
      }),
    );
    ctx.status = 202;
    ctx.body = { success: true, data: { workflowId: handle.workflowId, language: target } };
  });

  router.get('/:language', gate, async (ctx) => {
    const target = languageOf(ctx.params.language);
    try {
      const handle = temporal.client.workflow.getHandle(bulkWorkflowId(ctx.state.auth.shopDomain, target));
      // tenancy: a Temporal query of this shop's own workflow (its id names the shop), not a table
      ctx.body = { success: true, data: (await temporal.call(() => handle.query(bulkProgressQuery))) as BulkProgress };
    } catch (err) {
      if (unavailableDependency(err)) throw err;
      ctx.body = { success: true, data: null };
    }
  });

  return router;
}
