// Unscoped queries in plugin code must be conspicuous: a model's `Model.query()`, a knex builder
// called on a table (`knex('t')`, `knex(table)`, `deps.knex('t')`) or a query run by `knex.raw()`
// (not a fragment given to a builder) outside the tenant's helpers (tenant.query/table/insertInto
// scope by construction) needs a `// tenancy: <why it is safe>` comment on its line, the line
// above, or above its statement.
import type * as Oxc from 'oxc-parser';
import { lineAt, type Node, nodesOf, parentOf, type SourceFile } from './parse';

const JUSTIFIED = /^\s*tenancy:/;
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

function named(node: Node, name: string): boolean {
  return (
    (node.type === 'Identifier' && node.name === name) ||
    (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === name)
  );
}

/** `Review.query()`: a query on a bare name other than `tenant` (ctx.state.tenant.query() is scoped). */
function isModelQuery(callee: Node): boolean {
  return callee.type === 'MemberExpression' && named(callee, 'query') && callee.object.type === 'Identifier' && callee.object.name !== 'tenant';
}

/** `knex(<table>)` or `x.knex(<table>)`: a builder on a table (`knex(fn)` is no query). */
function isKnexTable(call: Oxc.CallExpression): boolean {
  const [first] = call.arguments;
  return named(call.callee, 'knex') && first !== undefined && !FUNCTIONS.has(first.type);
}

/** `knex.raw(...)` run as a query; one given to another call (`.select(knex.raw('count(*)'))`) is a fragment of that query. */
function isKnexRaw(call: Oxc.CallExpression): boolean {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || !named(callee, 'raw') || !named(callee.object, 'knex')) return false;
  const parent = parentOf(call);
  return !(parent?.type === 'CallExpression' && parent.arguments.includes(call));
}

/** The statement a node belongs to (its first line is where a justification sits above). */
function statementOf(node: Node): Node {
  let current = node;
  for (let p = parentOf(node); p && !/Statement$|Declaration$/.test(current.type); p = parentOf(p)) current = p;
  return current;
}

/** Lines (1-based) of unscoped queries in a file that say nothing of why they are safe. */
export function unscopedQueries(file: SourceFile): number[] {
  const justified = new Set(file.comments.filter((c) => c.type === 'Line' && JUSTIFIED.test(c.value)).map((c) => lineAt(file, c.start)));
  const lines = new Set<number>();
  for (const call of nodesOf(file, 'CallExpression') as Oxc.CallExpression[]) {
    const callee = call.callee;
    if (!isModelQuery(callee) && !isKnexTable(call) && !isKnexRaw(call)) continue;
    // the line of the method name: a chain's `.query(` may sit lines below its model
    const at = callee.type === 'MemberExpression' ? callee.property : callee;
    const line = lineAt(file, at.start);
    const statementLine = lineAt(file, statementOf(call).start);
    if ([line, line - 1, statementLine, statementLine - 1].some((l) => justified.has(l))) continue;
    lines.add(line);
  }
  return [...lines].sort((a, b) => a - b);
}
