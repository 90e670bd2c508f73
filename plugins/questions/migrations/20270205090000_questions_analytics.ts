import type { Knex } from 'knex';

// The analytics source (db/analytics.ts) must not miss a change to what it counts: a question's
// created_at (asked) and, while it has a published answer, its answered_at (answered). updated_at
// cannot tell: it is what public API clients sync on, left alone by bookkeeping writes (the answer
// count, mail stamps), and a deleted question (deletes are for good) has no row left. So triggers
// keep marks: the 15-minute UTC buckets of those dates, old and new, whenever they change, however
// the row was written. Marks matter only until the sweep has passed them: kept 90 days.
const BUCKET = (col: string) => `to_timestamp(floor(extract(epoch FROM ${col}) / 900) * 900)`;
/** the date a question counts as answered on; null while it has no published answer */
const ANSWERED = (row: string) => `CASE WHEN ${row}.published_answers > 0 THEN ${row}.answered_at END`;
/** marks the buckets of the key dates of the rows in `from` (aliased r), those matching `where` */
const MARKS = (from: string, keys: string[], where = 'true') => `
  INSERT INTO question_analytics_marks (shop_id, bucket, marked_at)
    SELECT DISTINCT r.shop_id, ${BUCKET('k.at')}, clock_timestamp()
      FROM ${from}, LATERAL (VALUES ${keys.map((k) => `(${k})`).join(', ')}) AS k(at)
     WHERE k.at IS NOT NULL AND ${where}`;

export async function up(knex: Knex) {
  await knex.schema.createTable('question_analytics_marks', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    /** the 15-minute UTC bucket of a key date whose count changed */
    t.timestamp('bucket', { useTz: true }).notNullable();
    t.timestamp('marked_at', { useTz: true }).notNullable();
    t.index(['marked_at']);
  });
  // the days of questions answered, by answered_at (asked: questions_shop_created serves created_at)
  await knex.raw('CREATE INDEX questions_shop_answered ON questions (shop_id, answered_at) WHERE published_answers > 0');

  // Statement level, one function for the three events (each trigger names its transition tables):
  // a bulk action marks each bucket once. A shop being deleted (its questions going by cascade) is
  // gone already and gets no marks.
  await knex.raw(`
    CREATE FUNCTION questions_mark_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      marked integer;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${MARKS('new_rows r', ['r.created_at', ANSWERED('r')])};
      ELSIF TG_OP = 'UPDATE' THEN
        ${MARKS(
          'old_rows r JOIN new_rows n ON n.id = r.id',
          ['r.created_at', ANSWERED('r'), 'n.created_at', ANSWERED('n')],
          `(r.created_at, ${ANSWERED('r')}) IS DISTINCT FROM (n.created_at, ${ANSWERED('n')})`,
        )};
      ELSE
        ${MARKS('old_rows r', ['r.created_at', ANSWERED('r')], 'EXISTS (SELECT 1 FROM shops s WHERE s.id = r.shop_id)')};
      END IF;
      GET DIAGNOSTICS marked = ROW_COUNT;
      IF marked > 0 THEN
        DELETE FROM question_analytics_marks WHERE marked_at < now() - interval '90 days';
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER questions_mark_inserted AFTER INSERT ON questions REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION questions_mark_counted()`);
  await knex.raw(`CREATE TRIGGER questions_mark_updated AFTER UPDATE ON questions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION questions_mark_counted()`);
  await knex.raw(`CREATE TRIGGER questions_mark_deleted AFTER DELETE ON questions REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION questions_mark_counted()`);

  // the questions asked before this migration: marked once, so the first sweep counts them
  await knex.raw(MARKS('questions r', ['r.created_at', ANSWERED('r')]));
}

export async function down(knex: Knex) {
  for (const trigger of ['questions_mark_deleted', 'questions_mark_updated', 'questions_mark_inserted'])
    await knex.raw(`DROP TRIGGER IF EXISTS ${trigger} ON questions`);
  await knex.raw('DROP FUNCTION IF EXISTS questions_mark_counted()');
  await knex.raw('DROP INDEX IF EXISTS questions_shop_answered');
  await knex.schema.dropTableIfExists('question_analytics_marks');
}
