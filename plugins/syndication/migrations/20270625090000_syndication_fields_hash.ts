import type { Knex } from 'knex';

// What the metaobjects/* webhooks are told apart by (activities/metaobject-hooks.ts): a hash of the
// fields as Shopify stored them after our last upsert of the review (a webhook carrying them is our
// own write), and when a merchant's change in Shopify's admin was last put right (at most once a
// minute per review, so a value Shopify writes differently than we send can never loop).
export async function up(knex: Knex) {
  await knex.schema.alterTable('syndication_items', (t) => {
    t.string('fields_hash', 64);
    t.timestamp('restored_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('syndication_items', (t) => {
    t.dropColumns('fields_hash', 'restored_at');
  });
}
