import type { Knex } from 'knex';

// The billing plugin's records. The plan itself stays on the kernel's shops row (every gate reads
// it); these tables hold what Shopify billing needs: the charges we asked for (so the return and
// the webhook know which plan a subscription is), the shop's billing state, coupons and downgrades.
export async function up(knex: Knex) {
  await knex.schema.createTable('billing_accounts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().unique().references('shops.id').onDelete('CASCADE');
    t.string('subscription_id', 128); // gid of the active Shopify subscription
    t.string('status', 16).notNullable().defaultTo('NONE');
    t.string('interval', 8);
    t.timestamp('trial_ends_at', { useTz: true });
    t.timestamp('current_period_end', { useTz: true });
    t.timestamp('leave_offer_used_at', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.schema.createTable('billing_charges', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('subscription_id', 128).notNullable().unique();
    t.string('plan', 32).notNullable();
    t.string('interval', 8).notNullable();
    t.decimal('price', 10, 2).notNullable();
    t.string('status', 16).notNullable().defaultTo('PENDING');
    t.string('coupon_code', 64);
    t.boolean('leave_offer').notNullable().defaultTo(false);
    t.timestamp('activated_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['shop_id', 'id']);
  });
  // Coupons are the operator's (ops CLI `billing:coupons`), shared by every shop.
  await knex.schema.createTable('billing_coupons', (t) => {
    t.bigIncrements('id');
    t.string('code', 64).notNullable().unique(); // stored upper-case
    t.string('kind', 16).notNullable(); // percentage | amount
    t.decimal('value', 10, 2).notNullable(); // percent 1..100, or an amount in USD
    t.integer('duration_intervals'); // billing periods the discount lasts; null = for good
    t.timestamp('expires_at', { useTz: true });
    t.integer('redemption_limit'); // shops that may use it; null = no limit
    t.timestamps(true, true);
  });
  await knex.schema.createTable('billing_coupon_redemptions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('coupon_id').notNullable().references('billing_coupons.id').onDelete('CASCADE');
    t.string('subscription_id', 128).notNullable();
    t.timestamps(true, true);
    t.unique(['shop_id', 'coupon_id']);
  });
  await knex.schema.createTable('billing_downgrades', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('from_plan', 32).notNullable();
    t.string('to_plan', 32).notNullable();
    t.string('reason', 32).notNullable();
    t.timestamps(true, true);
    t.index(['shop_id', 'id']);
  });
}

export async function down(knex: Knex) {
  for (const table of ['billing_downgrades', 'billing_coupon_redemptions', 'billing_coupons', 'billing_charges', 'billing_accounts'])
    await knex.schema.dropTable(table);
}
