// GET /api/analytics/overview | rating | email (shared/api.ts). A shop seen for the first time, or
// whose timezone changed, gets its history counted by a rebuild workflow; the answer says so.
import Router from '@koa/router';
import { defineApiPlugin, ensureSchedule, type ApiServices, type AppState, type Tenant } from '@plaudit/kernel';
import { shopCurrency } from '../db/orders';
import { markRebuilding, shopState } from '../db/state';
import { startRebuild } from '../activities/rebuild-start';
import type { PeriodInfo } from '../shared/api';
import { periodQuery, resolvePeriod } from '../shared/period';
import { email, overview, rating } from './answers';
import { AnalyticsFoldChanges } from '../shared/workflows';

const SCREENS = { overview, rating, email };

async function periodInfo(services: ApiServices, tenant: Tenant, query: unknown): Promise<PeriodInfo> {
  const shop = (await services.shops.get(tenant.shopId))!;
  const state = await shopState(services.knex, tenant.shopId);
  const current = state?.timezone === shop.timezone;
  if (!current) {
    // the answer is given meanwhile; the rebuild's start is retried by the next visit if it fails
    await startRebuild(services, tenant.shopId, tenant.shopDomain).catch((err) =>
      services.log.warn({ err, shop: tenant.shopDomain }, 'analytics rebuild not started'),
    );
  }
  return {
    ...resolvePeriod(periodQuery.parse(Object.keys(query as object).length ? query : { period: '30d' }), shop.timezone),
    timezone: shop.timezone,
    status: current && state?.state === 'ready' ? 'ready' : 'rebuilding',
    currency: (await shopCurrency(tenant)) ?? 'USD',
  };
}

export default defineApiPlugin({
  id: 'analytics',
  routes: (services) => {
    const router = new Router<AppState>({ prefix: '/analytics' });
    for (const [name, answer] of Object.entries(SCREENS)) {
      router.get(`/${name}`, async (ctx) => {
        const { tenant } = ctx.state;
        const period = await periodInfo(services, tenant, ctx.query);
        // the rollups may lag a moment: read from the replica when there is one (services.reads)
        ctx.body = await services.reads.read<unknown>(tenant, (onReplica, knex) => answer({ ...services, knex }, onReplica, period));
      });
    }
    // the backfill command's door (cli/index.ts): count the shop's history again now
    router.post('/rebuild', async (ctx) => {
      const { tenant } = ctx.state;
      const shop = (await services.shops.get(tenant.shopId))!;
      await markRebuilding(services.knex, tenant.shopId, tenant.shopDomain, shop.timezone);
      await startRebuild(services, tenant.shopId, tenant.shopDomain);
      ctx.status = 202;
      ctx.body = { status: 'rebuilding' };
    });
    return router;
  },
  onStart: (services) => ensureSchedule(services, { scheduleId: 'analytics-fold', every: '1 minute', workflow: AnalyticsFoldChanges }),
});
