// Unscoped queries in plugin code must be conspicuous: a model's .query(), a knex builder on a table
// or knex.raw() outside the tenant helper needs a `// tenancy: <why it is safe>` comment
// (tools/lint/tenancy.ts reads the syntax tree). The check itself, on fixtures; it runs over every
// plugin in plugin-boundaries.test.ts, which parses each file once for all the source rules.
import { parseSource } from '../../tools/lint/parse';
import { unscopedQueries } from '../../tools/lint/tenancy';

const check = (source: string) => unscopedQueries(parseSource('fixture.ts', source));

test('the check flags unscoped queries and accepts tenant-scoped or justified ones', () => {
  expect(check('const rows = await Review.query().where({ id });')).toEqual([1]);
  expect(check("await knex('reviews').del();")).toEqual([1]);
  expect(check('await ctx.state.tenant.query(Review).findById(id);')).toEqual([]);
  expect(check('await deps.tenantFor(shopId, domain).query(Review);')).toEqual([]);
  expect(check("await tenant.table('email_queue').where({ orderId }).update({ status });")).toEqual([]);
  expect(check("await deps.tenant(shopId, domain).table('email_queue').first();")).toEqual([]);
  expect(check("await tenant.insertInto('blocked_customers', rows).onConflict(['shop_id', 'email']).ignore();")).toEqual([]);
  expect(check("await knex('email_queue').where({ id }).first();")).toEqual([1]);
  expect(check('// tenancy: purge runs across shops by design\nawait Review.query().delete();')).toEqual([]);
});

test('the check reads code, not text: names in variables, chains over lines, comments and strings', () => {
  expect(check("const t = 'reviews';\nawait knex(t).del();")).toEqual([2]);
  expect(check("await deps.knex('reviews').del();")).toEqual([1]);
  expect(check('await knex.raw(`delete from reviews`);')).toEqual([1]);
  expect(check('const rows = await Review\n  .query()\n  .where({ id });')).toEqual([2]);
  // a justification above a statement covers the query lines below it
  expect(
    check("// tenancy: a sweep over every shop\nconst rows = await knex('reviews')\n  .where({ id })\n  .union(knex('reviews').where({ id: 2 }));"),
  ).toEqual([]);
  // text that only looks like a query
  expect(check('// Review.query() is unscoped\nconst help = "call knex(\'reviews\') with care";')).toEqual([]);
  expect(check('await knex.transaction(async (trx) => trx.commit());')).toEqual([]);
  // a raw fragment given to a scoped query is part of that query
  expect(check("await tenant.table('reviews').select(knex.raw('count(*) as n'));")).toEqual([]);
  expect(check("await Promise.all([knex.raw('delete from reviews')]);")).toEqual([1]);
});
