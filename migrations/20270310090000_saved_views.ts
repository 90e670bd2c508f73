import type { Knex } from 'knex';

// Saved views of the admin's list screens (api/saved-views): a merchant's named tab, filters, sort and
// page size of one screen, kept as that screen's query parameters. A name is unique per shop and
// screen regardless of case (spec section 5: "Saved view names must be unique.").
export async function up(knex: Knex) {
  await knex.schema.createTable('saved_views', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('screen', 64).notNullable();
    t.string('name', 60).notNullable();
    t.jsonb('params').notNullable();
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX saved_views_name_unique ON saved_views (shop_id, screen, lower(name))');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('saved_views');
}
