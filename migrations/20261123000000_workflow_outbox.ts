import type { Knex } from 'knex';

// Workflow starts that must not be lost: written (in the caller's transaction where it has one)
// before Temporal is asked, removed once Temporal has the workflow. What Temporal could not take
// stays here and is re-driven (see api/temporal/outbox.ts).
export async function up(knex: Knex) {
  await knex.schema.createTable('workflow_outbox', (t) => {
    t.bigIncrements('id');
    t.string('workflow_id', 512).notNullable().unique();
    t.string('workflow_type', 128).notNullable();
    t.jsonb('args').notNullable().defaultTo('[]');
    t.string('shop_domain', 255);
    t.string('summary', 512);
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('last_error', 512);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['next_attempt_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('workflow_outbox');
}
