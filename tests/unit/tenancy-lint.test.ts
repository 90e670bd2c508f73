// Unscoped queries in plugin code must be conspicuous: a model's .query(), a knex builder on a table
// or knex.raw() outside the tenant helper needs a `// tenancy: <why it is safe>` comment
// (tools/lint/tenancy.ts reads the syntax tree).
import fs from 'node:fs';
import path from 'node:path';
import { plugins, rel } from '../../tools/lint/files';
import { parseFile, parseSource } from '../../tools/lint/parse';
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
  expect(check("// tenancy: a sweep over every shop\nconst rows = await knex('reviews')\n  .where({ id })\n  .union(knex('reviews').where({ id: 2 }));")).toEqual([]);
  // text that only looks like a query
  expect(check("// Review.query() is unscoped\nconst help = \"call knex('reviews') with care\";")).toEqual([]);
  expect(check('await knex.transaction(async (trx) => trx.commit());')).toEqual([]);
});

/** A plugin's code the app runs: not its tests or migrations. */
function codeFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'tests' || e.name === 'migrations' ? [] : codeFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [full] : [];
  });
}

test('no plugin queries a table without its shop unless it says why', () => {
  const offenders = plugins().flatMap((p) => codeFiles(p.dir).flatMap((file) => unscopedQueries(parseFile(file)).map((line) => `${rel(file)}:${line}`)));
  expect(offenders).toEqual([]);
});
