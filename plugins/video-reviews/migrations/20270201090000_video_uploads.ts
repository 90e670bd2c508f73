import type { Knex } from 'knex';

// A review's video from its first byte to the review box: the resumable upload (named by its tus
// id, bound to the shop whose ticket started it), what ffprobe found, the review it was sent with
// (one review, once), and the transcoded files.
export async function up(knex: Knex) {
  await knex.schema.createTable('video_uploads', (t) => {
    t.string('id', 64).primary();
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    // uploading | accepted | refused | attached | ready | failed
    t.string('status', 16).notNullable();
    t.integer('size').notNullable(); // 100 MB at most
    // the customer's language, for refusals said later (HEAD, PATCH)
    t.string('lang', 16);
    t.float('seconds');
    t.integer('width');
    t.integer('height');
    t.boolean('has_audio');
    t.string('refusal', 16);
    t.bigInteger('review_id').unique();
    t.text('caption');
    t.text('error');
    t.timestamps(true, true);
    t.index(['shop_id', 'status']);
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('video_uploads');
}
