import type { Knex } from 'knex';

// A video post's own video, re-hosted by us like its thumbnail (Instagram's CDN URLs are signed and
// expire): our URL of the MP4, null for pictures and for videos not stored (yet).
export async function up(knex: Knex) {
  await knex.schema.alterTable('instagram_posts', (t) => {
    t.text('video_url');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('instagram_posts', (t) => {
    t.dropColumn('video_url');
  });
}
