import type { Knex } from 'knex';

// Issue 32: a text message's review link as a short link (`/r/s/<code>`, api/short-link-route.ts). The
// signed click link is over 250 characters: three SMS segments where the short one fits the message in
// one or two (README "Message length"). One code per request and channel, so a retried send writes the
// same text; the code is the link's only secret (10 of 56 characters: 58 bits, behind the guess door).
export async function up(knex: Knex) {
  await knex.schema.createTable('request_short_links', (t) => {
    t.string('code', 16).primary();
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.integer('queue_entry_id').notNullable().references('email_queue.id').onDelete('CASCADE');
    t.string('channel', 16).notNullable();
    t.text('target').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'queue_entry_id', 'channel']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('request_short_links');
}
