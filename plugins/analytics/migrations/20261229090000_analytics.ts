import type { Knex } from 'knex';

// Daily rollups per shop (issue 18): one row per local day and metric, folded from the owning
// plugins' facts (shared/sources.ts). Reads sum a period's rows and never touch the raw tables.
export async function up(knex: Knex) {
  await knex.schema.createTable('analytics_daily', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.string('metric', 64).notNullable();
    t.decimal('value', 18, 2).notNullable();
    t.primary(['shop_id', 'day', 'metric']);
  });
  // The same metrics per month (the sum of its days): a 12-month period reads ~11 months and its edge days.
  await knex.schema.createTable('analytics_monthly', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.date('month').notNullable();
    t.string('metric', 64).notNullable();
    t.decimal('value', 18, 2).notNullable();
    t.primary(['shop_id', 'month', 'metric']);
  });
  // Best and worst products: per day for short periods, per month for long ones.
  for (const [table, column] of [
    ['analytics_product_daily', 'day'],
    ['analytics_product_monthly', 'month'],
  ] as const) {
    await knex.schema.createTable(table, (t) => {
      t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
      t.date(column).notNullable();
      t.text('product_key').notNullable();
      t.integer('count').notNullable();
      t.integer('rating_sum').notNullable();
      t.primary(['shop_id', column, 'product_key']);
    });
  }
  // Which timezone a shop's rollups are in, and whether they are being rebuilt.
  await knex.schema.createTable('analytics_shops', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.string('shop_domain', 255).notNullable();
    t.string('timezone', 64).notNullable();
    t.string('state', 12).notNullable(); // rebuilding | ready
    t.timestamp('rebuilt_at', { useTz: true });
    t.timestamps(true, true);
  });
  // Orders seen by the orders/create webhook: attributed to a review request, or paid with a reward code.
  await knex.schema.createTable('analytics_orders', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('order_id', 32).notNullable();
    t.timestamp('ordered_at', { useTz: true }).notNullable();
    t.decimal('total', 14, 2).notNullable();
    t.string('currency', 3);
    t.bigInteger('queue_entry_id');
    t.timestamp('clicked_at', { useTz: true });
    t.boolean('attributed').notNullable().defaultTo(false);
    t.boolean('reward').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'order_id']);
    t.index(['shop_id', 'ordered_at']);
    t.index(['updated_at']);
  });
  // The fold's position: changes up to here are in the rollups.
  await knex.schema.createTable('analytics_fold', (t) => {
    t.integer('id').primary();
    t.timestamp('watermark', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex) {
  for (const table of [
    'analytics_fold',
    'analytics_orders',
    'analytics_shops',
    'analytics_product_monthly',
    'analytics_product_daily',
    'analytics_monthly',
    'analytics_daily',
  ])
    await knex.schema.dropTable(table);
}
