import type { Knex } from 'knex';
import { Model, type PartialModelObject, type QueryBuilderType } from 'objection';
import type { ShopScopedModel } from '../db/base-model';

type ScopedModelClass = typeof ShopScopedModel;

/** The shop a request or a job acts for. Every query a plugin makes goes through it. */
export interface Tenant {
  readonly shopId: number;
  readonly shopDomain: string;
  query<C extends ScopedModelClass>(model: C, trx?: Knex.Transaction): QueryBuilderType<InstanceType<C>>;
  insert<C extends ScopedModelClass>(model: C, row: Omit<PartialModelObject<InstanceType<C>>, 'shopId'>, trx?: Knex.Transaction): Promise<InstanceType<C>>;
  /** A raw knex query on a table with a shop_id column, already limited to this shop (select, update, delete). */
  table(name: string, trx?: Knex.Transaction): Knex.QueryBuilder;
  /** Inserts rows into such a table with this shop's id (chain onConflict as usual). */
  insertInto(name: string, rows: Record<string, unknown> | Record<string, unknown>[], trx?: Knex.Transaction): Knex.QueryBuilder;
}

/**
 * The shop's tenant on the models' database (the primary), or on `knex` (a read replica's pool:
 * api/db/read-replica.ts); a transaction passed to a call wins.
 */
export function tenantFor(shopId: number, shopDomain: string, knex?: Knex): Tenant {
  const db = (trx?: Knex.Transaction): Knex => trx ?? knex ?? Model.knex();
  return {
    shopId,
    shopDomain,
    query(model, trx) {
      return model.query(trx ?? knex).where(`${model.tableName}.shop_id`, shopId) as never;
    },
    async insert(model, row, trx) {
      return model.query(trx).insert({ ...row, shopId } as never) as never;
    },
    table(name, trx) {
      return db(trx)(name).where(`${name}.shop_id`, shopId);
    },
    insertInto(name, rows, trx) {
      return db(trx)(name).insert((Array.isArray(rows) ? rows : [rows]).map((r) => ({ ...r, shopId })));
    },
  };
}
