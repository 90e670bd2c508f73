import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers, Model } from 'objection';
import pg from 'pg';

export type { Knex };

// Our own bigserial ids and counts are numbers; a value past 2^53 would lose digits, so refuse it.
// Platform ids (Shopify's exceed 2^53) are stored as text, never as bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`bigint ${value} is beyond 2^53; store it as text`);
  return n;
});

/** The pools bound to the models, the newest last: the one destroyed hands the models back to the one before. */
const boundPools: Knex[] = [];

/** Binds the models to `knex` until it is destroyed; then to the pool bound before it, if one is still open. */
function bindModelsTo(knex: Knex): void {
  boundPools.push(knex);
  Model.knex(knex);
  // knex.destroy() is a read-only property; it ends in its client's destroy(), which can be wrapped
  const client = knex.client as { destroy(callback?: () => void): Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = (callback) => {
    const at = boundPools.indexOf(knex);
    if (at >= 0) boundPools.splice(at, 1);
    if (Model.knex() === knex && boundPools.length) Model.knex(boundPools.at(-1)!);
    return destroy(callback);
  };
}

/**
 * One pool per process; models use camelCase, tables snake_case. The primary's pool is the models'
 * default (`bindModels`); a read replica's is not, its reads name it (api/db/read-replica.ts).
 */
export function createKnex(
  databaseUrl: string,
  pool = { min: 0, max: 10 },
  opts: { bindModels?: boolean; connectTimeoutMs?: number; log?: { warn(msg: string): void; error(msg: string): void } } = {},
): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: opts.connectTimeoutMs ? { connectionString: databaseUrl, connectionTimeoutMillis: opts.connectTimeoutMs } : databaseUrl,
    pool,
    ...(opts.connectTimeoutMs ? { acquireConnectionTimeout: opts.connectTimeoutMs } : {}),
    // knex prints its pool's errors to the console unless given a logger
    ...(opts.log ? { log: { warn: opts.log.warn, error: opts.log.error, deprecate: opts.log.warn, debug: () => undefined } } : {}),
    ...knexSnakeCaseMappers(),
  });
  // a process with a second pool (a test's worker beside its API) must not leave the models on a destroyed one
  if (opts.bindModels !== false) bindModelsTo(knex);
  return knex;
}
