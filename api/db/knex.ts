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

/** One pool per process; models use camelCase, tables snake_case. */
export function createKnex(databaseUrl: string, pool = { min: 0, max: 10 }): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool,
    ...knexSnakeCaseMappers(),
  });
  Model.knex(knex);
  return knex;
}
