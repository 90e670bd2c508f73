import type { Knex } from 'knex';
import type { ModelClass, PartialModelObject, QueryBuilderType } from 'objection';
import type { ShopScopedModel } from '../db/base-model';

/** The shop a request or a job acts for. Every query a plugin makes goes through it. */
export interface Tenant {
  readonly shopId: number;
  readonly shopDomain: string;
  query<M extends ShopScopedModel>(model: ModelClass<M>, trx?: Knex.Transaction): QueryBuilderType<M>;
  insert<M extends ShopScopedModel>(model: ModelClass<M>, row: Omit<PartialModelObject<M>, 'shopId'>, trx?: Knex.Transaction): Promise<M>;
}

export function tenantFor(shopId: number, shopDomain: string): Tenant {
  return {
    shopId,
    shopDomain,
    query(model, trx) {
      return model.query(trx).where(`${model.tableName}.shop_id`, shopId);
    },
    async insert(model, row, trx) {
      return model.query(trx).insert({ ...row, shopId } as never) as never;
    },
  };
}
