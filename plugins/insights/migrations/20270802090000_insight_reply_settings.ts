import type { Knex } from 'knex';

// Drafted replies and model providers (issue 35, deliverables 4 and 5): per shop the drafts' tone,
// sign-off and support address, the language model (none, an OpenAI-compatible endpoint, Anthropic)
// with its key sealed (AES-256-GCM under ENCRYPTION_KEY, as the SMTP password), the monthly token
// budget; and per shop and month the tokens the providers reported, which the budget is held to.
export async function up(knex: Knex) {
  await knex.schema.createTable('insight_settings', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    /** 'warm' | 'professional' | 'brief' */
    t.string('tone', 16).notNullable().defaultTo('warm');
    t.string('sign_off', 200);
    t.string('support_email', 320);
    /** 'none' (offline drafts) | 'openai' (any OpenAI-compatible endpoint) | 'anthropic' */
    t.string('provider', 16).notNullable().defaultTo('none');
    t.string('base_url', 500);
    t.string('model', 200);
    /** seal(secretBoxKey(ENCRYPTION_KEY), key): never returned to the browser */
    t.text('api_key_sealed');
    t.integer('monthly_token_budget').notNullable().defaultTo(100_000);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('insight_model_usage', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    /** 'yyyy-mm' in the shop's timezone */
    t.string('month', 7).notNullable();
    t.bigInteger('input_tokens').notNullable().defaultTo(0);
    t.bigInteger('output_tokens').notNullable().defaultTo(0);
    t.integer('calls').notNullable().defaultTo(0);
    t.primary(['shop_id', 'month']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('insight_model_usage');
  await knex.schema.dropTable('insight_settings');
}
