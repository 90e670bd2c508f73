import type { Knex } from 'knex';

// One row per Flow action run (Flow's `action_run_id`) a shop's workflows sent: claimed before the
// action acts, its answer stored after, so a run Flow sends again (a retry, a timeout on its side)
// answers the first outcome and acts no second time.
export async function up(knex: Knex) {
  await knex.schema.createTable('flow_action_runs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('action_run_id', 200).notNullable();
    t.string('handle', 40).notNullable();
    // running -> done
    t.string('state', 8).notNullable().defaultTo('running');
    t.jsonb('outcome');
    t.timestamps(true, true);
    t.unique(['shop_id', 'action_run_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('flow_action_runs');
}
