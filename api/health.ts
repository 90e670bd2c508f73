import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from './http/types';
import type { TemporalGateway } from './temporal/connection';

async function databaseHealth(knex: Knex) {
  const started = performance.now();
  try {
    await knex.raw('select 1');
    return { status: 'up' as const, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: 'down' as const, error: (err as Error).message };
  }
}

/** GET /api/health: 200 when the database and Temporal answer, 503 naming what is down. */
export function healthRoutes(knex: Knex, temporal: TemporalGateway) {
  const router = new Router<AppState>();
  router.get('/health', async (ctx) => {
    const [database, temporalState] = await Promise.all([databaseHealth(knex), temporal.health()]);
    const ok = database.status === 'up' && temporalState.status === 'up';
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'degraded', database, temporal: temporalState };
  });
  return router;
}
