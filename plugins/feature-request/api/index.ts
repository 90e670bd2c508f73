// Merchants tell us what to build next: requests are kept per shop and listed back to them.
import Router from '@koa/router';
import { type AppState, defineApiPlugin, ShopScopedModel } from '@plaudit/kernel';
import { featureRequestInput } from '../shared/feature-request';

export class FeatureRequest extends ShopScopedModel {
  static tableName = 'feature_requests';
  title!: string;
  description!: string;
  status!: string;
}

export default defineApiPlugin({
  id: 'feature-request',
  routes: () => {
    const router = new Router<AppState>({ prefix: '/feature-requests' });
    router.get('/', async (ctx) => {
      ctx.body = { success: true, data: await ctx.state.tenant.query(FeatureRequest).orderBy('id', 'desc').limit(100) };
    });
    router.post('/', async (ctx) => {
      const saved = await ctx.state.tenant.insert(FeatureRequest, featureRequestInput.parse(ctx.request.body ?? {}));
      ctx.status = 201;
      ctx.body = { success: true, message: 'Thank you! Your request was sent.', data: saved };
    });
    return router;
  },
});
