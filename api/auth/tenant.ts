import type { Knex } from 'knex';
import type { PartialModelObject, QueryBuilderType } from 'objection';
import type { ShopScopedModel } from '../db/base-model';

type ScopedModelClass = typeof ShopScopedModel;

/** The shop a request or a job acts for. Every query a plugin makes goes through it. */
export interface Tenant {
  readonly shopId: number;
  readonly shopDomain: string;
  query<C extends ScopedModelClass>(model: C, trx?: Knex.Transaction): QueryBuilderType<InstanceType<C>>;
  insert<C extends ScopedModelClass>(
    model: C,
    row: Omit<PartialModelObject<InstanceType<C>>, 'shopId'>,
    trx?: Knex.Transaction,
  ): Promise<InstanceType<C>>;
}

export function tenantFor(shopId: number, shopDomain: string): Tenant {
  return {
    shopId,
    shopDomain,
    query(model, trx) {
      return model.query(trx).where(`${model.tableName}.shop_id`, shopId) as never;
    },
    async insert(model, row, trx) {
      return model.query(trx).insert({ ...row, shopId } as never) as never;
    },
  };
}
