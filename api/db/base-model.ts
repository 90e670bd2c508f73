import { Model } from 'objection';

/** Timestamps for every table; snake_case columns come from the knex mappers. */
export class BaseModel extends Model {
  id!: number;
  createdAt?: Date;
  updatedAt?: Date;

  $beforeInsert() {
    const now = new Date();
    this.createdAt ??= now;
    this.updatedAt = now;
  }

  $beforeUpdate() {
    this.updatedAt = new Date();
  }
}

/**
 * A row that belongs to one shop. Read and change it only through the request's Tenant
 * (ctx.state.tenant), which adds the shop condition; a plain `.query()` on such a model in plugin
 * code is flagged by the tenancy test unless a comment says why it is safe.
 */
export class ShopScopedModel extends BaseModel {
  shopId!: number;

  $beforeInsert() {
    if (!this.shopId) throw new Error(`${this.constructor.name} row inserted without a shop`);
    super.$beforeInsert();
  }
}
