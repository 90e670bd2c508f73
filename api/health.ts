import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from './http/types';
import type { Logger } from './log';
import type { TemporalGateway } from './temporal/connection';

async function databaseHealth(knex: Knex, log: Logger) {
  const started = performance.now();
  try {
    await knex.raw('select 1');
    return { status: 'up' as const, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'health: database down');
    return { status: 'down' as const };
  }
}

/**
 * GET /api/health: 200 when the database and Temporal answer, 503 naming what is down. Public, so
 * it shows states only; why a dependency is down goes to the log.
 */
export function healthRoutes(knex: Knex, temporal: TemporalGateway) {
  const router = new Router<AppState>();
  router.get('/health', async (ctx) => {
    const log = ctx.state.log;
    const [database, { error, ...temporalState }] = await Promise.all([databaseHealth(knex, log), temporal.health()]);
    if (error) log.warn({ err: error }, 'health: Temporal down');
    const ok = database.status === 'up' && temporalState.status === 'up';
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'degraded', database, temporal: temporalState };
  });
  return router;
}
