import type { Knex } from 'knex';

// Answers of POSTs sent with an Idempotency-Key, kept 24 hours so a repeat gets the first answer
// (api/v1/idempotency.ts). The unique (shop_id, idempotency_key) index is the lock: of two
// concurrent first requests with one key, only one insert wins. A row without a status is a
// request still running.
export async function up(knex: Knex) {
  await knex.schema.createTable('public_api_idempotency', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    // the key that sent the first request (SET NULL: a revoked-and-deleted key leaves the answer)
    t.bigInteger('key_id').references('api_keys.id').onDelete('SET NULL');
    t.string('idempotency_key', 255).notNullable();
    // SHA-256 of method, path and body: the same key with another request is refused
    t.string('fingerprint', 64).notNullable();
    t.smallint('response_status');
    t.text('response_body'); // the JSON as sent, replayed byte for byte
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'idempotency_key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('public_api_idempotency');
}
