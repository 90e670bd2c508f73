import type { Knex } from 'knex';

// Flow's trigger lifecycle callbacks (extensions/flow-lifecycle): per shop and trigger, whether the
// shop has an enabled workflow that starts with it, as of Flow's latest report (its `timestamp`).
export async function up(knex: Knex) {
  await knex.schema.createTable('flow_trigger_usage', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    // the trigger's handle (extensions/flow-*/shopify.extension.toml)
    t.string('trigger', 40).notNullable();
    t.boolean('has_enabled_flow').notNullable();
    t.timestamp('reported_at', { useTz: true }).notNullable();
    t.timestamps(true, true);
    t.unique(['shop_id', 'trigger']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('flow_trigger_usage');
}
