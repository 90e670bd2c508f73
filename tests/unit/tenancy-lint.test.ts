// Unscoped queries in plugin code must be conspicuous: a model's .query(), a raw knex('table') or
// knex.raw() outside the tenant helper needs a `// tenancy: <why it is safe>` comment.
import fs from 'node:fs';
import path from 'node:path';
import { discoverPlugins } from '../../api/plugins/discover';
import { ROOT } from '../../api/runtime/stack';

const UNSCOPED = /(?<![.\w$])(?!tenant\b)[A-Za-z_$][\w$]*\.query\(|\bknex\(\s*['"`]|\bknex\.raw\(/;
// The tenant's own helpers scope by construction: query(Model), table('name'), insertInto('name', rows).
const SCOPED = /\btenant(For)?(\([^)]*\))?\.(query|table|insertInto)\(|\.tenant\.(query|table|insertInto)\(/;

export function unscopedQueries(source: string): number[] {
  const lines = source.split('\n');
  return lines.flatMap((line, i) => {
    if (!UNSCOPED.test(line) || SCOPED.test(line)) return [];
    const justified = /\/\/ tenancy:/.test(line) || /\/\/ tenancy:/.test(lines[i - 1] ?? '');
    return justified ? [] : [i + 1];
  });
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'tests' || e.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

test('the check flags unscoped queries and accepts tenant-scoped or justified ones', () => {
  expect(unscopedQueries('const rows = await Review.query().where({ id });')).toEqual([1]);
  expect(unscopedQueries("await knex('reviews').del();")).toEqual([1]);
  expect(unscopedQueries('await ctx.state.tenant.query(Review).findById(id);')).toEqual([]);
  expect(unscopedQueries('await deps.tenantFor(shopId, domain).query(Review);')).toEqual([]);
  expect(unscopedQueries("await tenant.table('email_queue').where({ orderId }).update({ status });")).toEqual([]);
  expect(unscopedQueries("await deps.tenant(shopId, domain).table('email_queue').first();")).toEqual([]);
  expect(unscopedQueries("await tenant.insertInto('blocked_customers', rows).onConflict(['shop_id', 'email']).ignore();")).toEqual([]);
  expect(unscopedQueries("await knex('email_queue').where({ id }).first();")).toEqual([1]);
  expect(unscopedQueries('// tenancy: purge runs across shops by design\nawait Review.query().delete();')).toEqual([]);
});

test('no plugin queries a table without its shop unless it says why', () => {
  const roots = [path.join(ROOT, 'plugins'), path.join(ROOT, 'tests/fixtures/plugins')];
  const offenders = discoverPlugins(roots).flatMap((p) =>
    sourceFiles(p.dir).flatMap((file) => unscopedQueries(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(ROOT, file)}:${line}`)),
  );
  expect(offenders).toEqual([]);
});
