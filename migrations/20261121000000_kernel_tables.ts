import type { Knex } from 'knex';

// Kernel tables: the shop (every Shop field of spec section 3), its platform sessions and its
// per-plugin settings. Plugin tables live with their plugin.
export async function up(knex: Knex) {
  await knex.schema.createTable('shops', (t) => {
    t.bigIncrements('id');
    t.string('shopify_domain', 255).notNullable().unique();
    t.string('domain', 255);
    t.string('name', 255);
    t.string('app_name', 255).notNullable().defaultTo('Plaudit');
    t.string('plan', 32).notNullable().defaultTo('free');
    t.timestamp('installed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('installed_at_test', { useTz: true });
    t.timestamp('uninstalled_at', { useTz: true });
    t.boolean('is_new_shop').notNullable().defaultTo(true);
    t.boolean('is_grow_hacking6').notNullable().defaultTo(false);
    t.boolean('setup_done').notNullable().defaultTo(false);
    t.boolean('app_status').notNullable().defaultTo(true);
    t.boolean('enable_remove_branding').notNullable().defaultTo(false);
    t.boolean('is_remove_branding').notNullable().defaultTo(false);
    t.boolean('is_rated').notNullable().defaultTo(false);
    t.boolean('extended_mode').notNullable().defaultTo(true);
    t.string('iana_timezone', 64).notNullable().defaultTo('UTC');
    t.string('timezone', 64);
    t.string('shared_secret', 128);
    t.string('primary_locale', 16).notNullable().defaultTo('en');
    t.string('admin_locale', 16);
    t.string('shopify_plan', 64);
    t.string('email', 320);
    t.string('first_name', 255);
    t.boolean('support_app_block').notNullable().defaultTo(true);
    t.string('vendor', 64).notNullable().defaultTo('shopify');
    t.jsonb('installed_apps').notNullable().defaultTo('[]');
    t.jsonb('survey_widget')
      .notNullable()
      .defaultTo(JSON.stringify({ closedAt: null, closeCount: 0, isSubmitted: false }));
    t.boolean('is_crm_login').notNullable().defaultTo(false);
    t.string('chat_session_token', 255);
    t.boolean('hide_banner_setting_request').notNullable().defaultTo(false);
    t.boolean('is_enable_delivery_method').notNullable().defaultTo(false);
    t.boolean('is_show_card_old_order').notNullable().defaultTo(true);
    t.jsonb('quickstart').notNullable().defaultTo('{}');
    t.boolean('has_vnm_fonts').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });

  // Platform credentials (offline tokens), encrypted at rest by the platform adapter.
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 255).primary();
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.boolean('is_online').notNullable().defaultTo(false);
    t.string('scope', 2048);
    t.text('access_token_encrypted').notNullable();
    t.timestamp('expires_at', { useTz: true });
    t.text('refresh_token_encrypted');
    t.timestamp('refresh_token_expires_at', { useTz: true });
    t.string('user_id', 64);
    t.timestamps(true, true);
    t.index(['shop_id']);
  });

  // One JSON document per shop and plugin namespace; plugins validate their own shape.
  await knex.schema.createTable('settings', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('namespace', 64).notNullable();
    t.jsonb('value').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.unique(['shop_id', 'namespace']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('settings');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('shops');
}
