import type { Knex } from 'knex';

// API keys of the public API: one row per key, the secret itself never stored. `secret_hash` is the
// SHA-256 (hex) of the whole key. A key is 32 random bytes, so there is no dictionary to try and no
// preimage to search for: a slow password hash (bcrypt, scrypt) would add nothing but milliseconds
// to every API call, and a plain digest can be looked up by its unique index in one step.
// A rotation adds a row (`rotated_from` = the old key) and revokes the old one; revoked rows stay
// for the merchant's list. `rate_limit` is the key's budget of requests per minute (operators raise
// it for a heavy integrator; tests and benchmarks set it).
export async function up(knex: Knex) {
  await knex.schema.createTable('api_keys', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('name', 60).notNullable();
    t.string('prefix', 16).notNullable(); // the key's first characters, shown to recognise it: pk_live_ab12
    t.string('secret_hash', 64).notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.integer('rate_limit').notNullable().defaultTo(120);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.bigInteger('rotated_from').references('api_keys.id').onDelete('SET NULL');
    t.unique(['secret_hash']);
    t.index(['shop_id', 'id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('api_keys');
}
