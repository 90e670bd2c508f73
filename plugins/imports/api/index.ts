// The imports plugin's API (API.md): file imports (api/file-routes.ts), marketplace imports by
// product URL, the runs for the banner and history, the import defaults, and the export.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, defineApiPlugin, productIdSchema } from '@plaudit/kernel';
import { createImport, importById, recentImports } from '../db/imports';
import { resolveMarketplaceUrl } from '../marketplaces';
import { IMPORT_DEFAULTS, importSettings, marketplaceDefaults } from '../shared/settings';
import { exportRoutes } from './export-route';
import { fileRoutes } from './file-routes';
import { groupImportRoutes } from './groups-route';
import { PAID_RUN_LIMIT, runLimitFor, runView, startRun } from './runs';

const marketplaceBody = marketplaceDefaults
  .extend({
    url: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(2048),
    // the gid or its number alike
    productId: z.union([z.string(), z.number().transform(String)], { error: 'This field is required' }).pipe(productIdSchema),
  })
  .strict();

function routes(services: ApiServices) {
  const settings = services.settings.namespace('imports', importSettings, IMPORT_DEFAULTS);
  const router = new Router<AppState>({ prefix: '/imports' });

  router.get('/', async (ctx) => {
    const limit = z.coerce.number().int().min(1).max(50).default(10).parse(ctx.query.limit);
    ctx.body = { success: true, data: (await recentImports(ctx.state.tenant, limit)).map(runView) };
  });

  // how many reviews one run may create for this shop (its plan, or full access): the import screen's Free banner
  router.get('/limit', async (ctx) => {
    const runLimit = await runLimitFor(services, ctx.state.auth.shopId);
    ctx.body = { success: true, data: { runLimit, limited: runLimit < PAID_RUN_LIMIT } };
  });

  router.get('/settings', async (ctx) => {
    ctx.body = { success: true, data: await settings.get(ctx.state.auth.shopId) };
  });

  router.put('/settings', async (ctx) => {
    const next = importSettings.parse(ctx.request.body ?? {});
    ctx.body = { success: true, data: await settings.update(ctx.state.auth.shopId, next) };
  });

  router.post('/marketplace', async (ctx) => {
    const { tenant } = ctx.state;
    const body = marketplaceBody.parse(ctx.request.body ?? {});
    let target: ReturnType<typeof resolveMarketplaceUrl>;
    try {
      target = resolveMarketplaceUrl(body.url);
    } catch (err) {
      // the spec's messages: not one of the two marketplaces, or no product in the URL
      throw createHttpError(400, (err as Error).message, { errors: { url: (err as Error).message } });
    }
    const run = await createImport(tenant, {
      source: target.marketplace,
      fileName: body.url,
      status: 'running',
      runLimit: Math.min(body.maxReviews, await runLimitFor(services, tenant.shopId)),
      options: { url: body.url, productId: body.productId, maxReviews: body.maxReviews, stars: body.stars, withPhotos: body.withPhotos, country: body.country },
      startedAt: new Date(),
    });
    await startRun(services, tenant, run);
    ctx.status = 201;
    ctx.body = { success: true, data: runView(run) };
  });

  fileRoutes(services, router);
  groupImportRoutes(services, router);

  router.get('/:id', async (ctx) => {
    const run = await importById(ctx.state.tenant, Number(ctx.params.id) || 0);
    if (!run) throw createHttpError(404, 'Import not found');
    ctx.body = { success: true, data: runView(run) };
  });

  // the export's own router (prefix /imports, path /export) answers before `/:id` would
  const root = new Router<AppState>();
  root.use(exportRoutes(services).routes());
  root.use(router.routes());
  return root;
}

export default defineApiPlugin({ id: 'imports', routes });
