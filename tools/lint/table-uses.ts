// Every table a source file touches, read from its syntax tree: knex builders (`knex('t')`,
// `trx('t')`, `.from/.into/.table/.join('t')`, `knex.schema.*('t')`, `'t as alias'`, `{ a: 't' }`),
// Objection models (`static tableName`, relation joins), and SQL text passed to `.raw`/`.whereRaw`/...
// or written as a statement anywhere. Names are followed through constants (evaluate.ts).
import type * as Oxc from 'oxc-parser';
import { evaluate, evaluateStrings, HOLE, UNKNOWN, type Value } from './evaluate';
import { lineAt, type Node, type NodeOf, nodesOf, parentOf, type SourceFile, snippet, walk } from './parse';
import { propertyName, resolveName } from './scope';
import { looksLikeSql, namesInSql } from './sql';

export interface TableRef {
  table: string;
  line: number;
  /** the code that names it */
  how: string;
  /** where in the file it is named, for order */
  offset: number;
}

export interface FileTables {
  refs: TableRef[];
  /** builder calls and SQL whose table could not be known statically */
  unresolved: TableRef[];
}

/** Names a knex instance goes by when called as a function: `knex('t')`, `trx('t')`, `deps.knex('t')`. */
const KNEX_NAMES = new Set(['knex', 'trx', 'tx', 'db']);
/** Builder and schema methods whose first argument is a table. */
const TABLE_METHODS = new Set([
  'from',
  'into',
  'table',
  'insertInto',
  'inTable',
  'createTable',
  'createTableIfNotExists',
  'createTableLike',
  'alterTable',
  'dropTable',
  'dropTableIfExists',
  'hasTable',
  'hasColumn',
  'renameTable',
]);
const SECOND_TOO = new Set(['renameTable', 'createTableLike']);
/** Joins take the table first and a condition after (Array.prototype.join takes one argument). */
const JOIN_METHODS = new Set(['join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'outerJoin', 'crossJoin']);
/** Methods whose first argument is SQL text (`query` is pg's client.query). */
export const RAW_METHODS = new Set([
  'raw',
  'whereRaw',
  'orWhereRaw',
  'andWhereRaw',
  'havingRaw',
  'orHavingRaw',
  'orderByRaw',
  'groupByRaw',
  'joinRaw',
  'fromRaw',
  'onRaw',
  'query',
]);
/** An argument of these shapes is a subquery or a callback, not a table name. */
const NOT_A_NAME = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'CallExpression', 'ArrayExpression', 'AwaitExpression']);

function calleeName(callee: Node): { name: string; object?: Node } | undefined {
  const c = callee.type === 'ChainExpression' ? callee.expression : callee;
  if (c.type === 'Identifier') return { name: c.name };
  if (c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier') return { name: c.property.name, object: c.object };
  return undefined;
}

/** 't', 't as a', 'public.t' -> 't'; an alias object { a: 't' } -> 't'. */
function tablesOf(value: Value): (string | typeof UNKNOWN)[] {
  if (typeof value === 'string') {
    const name = value.trim().replace(/\s+as\s+\S+$/i, '');
    if (name.includes(HOLE)) return [UNKNOWN];
    return [name.replace(/^public\./, '').replace(/^"(.*)"$/, '$1')];
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return Object.values(value).flatMap(tablesOf);
  return value === UNKNOWN ? [UNKNOWN] : [];
}

class Collector {
  readonly refs: TableRef[] = [];
  readonly unresolved: TableRef[] = [];
  private readonly seen = new Set<string>();
  constructor(readonly file: SourceFile) {}

  add(table: string | typeof UNKNOWN, offset: number, line: number, node: Node, onlyNew = false): void {
    const how = snippet(this.file, node);
    if (table === UNKNOWN) {
      this.unresolved.push({ table: '?', line, how, offset });
      return;
    }
    const key = `${table}:${line}`;
    if (this.seen.has(key) || (onlyNew && this.seen.has(table))) return;
    this.seen.add(key).add(table);
    this.refs.push({ table, line, how, offset });
  }

  /** A builder's table argument; a subquery or callback in that place names no table. */
  name(arg: Node | undefined, at: Node, qualified = false): void {
    if (!arg || arg.type === 'SpreadElement' || NOT_A_NAME.has(arg.type)) return;
    for (const value of evaluate(this.file, arg)) {
      for (const t of tablesOf(value)) {
        const line = lineAt(this.file, arg.start);
        if (t === UNKNOWN) this.add(t, arg.start, line, at);
        // `references('shops.id')` names a table, `references('id')` a column of inTable's
        else if (!qualified) this.add(t, arg.start, line, at);
        else if (t.includes('.')) this.add(t.split('.')[0], arg.start, line, at);
      }
    }
  }

  /** SQL text an expression holds: a name in a table position that could not be known is unresolved. */
  sql(node: Node, at: Node): void {
    const startLine = lineAt(this.file, node.start);
    const endLine = lineAt(this.file, node.end);
    const literal = node.type === 'Literal' || node.type === 'TemplateLiteral';
    for (const text of evaluateStrings(this.file, node)) {
      if (text === HOLE) continue;
      for (const { name, offset } of namesInSql(text)) {
        const line = literal ? Math.min(endLine, startLine + (text.slice(0, offset).match(/\n/g)?.length ?? 0)) : startLine;
        // SQL held in a constant of this file was read where it is written: not again at each use
        this.add(name.includes(HOLE) ? UNKNOWN : name, node.start + (literal ? offset : 0), line, at, !literal);
      }
    }
  }
}

function visitCall(c: Collector, node: Oxc.CallExpression): void {
  const callee = calleeName(node.callee);
  if (!callee) return;
  const [first, second] = node.arguments;
  const { name, object } = callee;
  if (KNEX_NAMES.has(name) || (node.callee.type === 'Identifier' && typedAsKnex(node.callee))) c.name(first, node);
  else if (RAW_METHODS.has(name) && object && first) c.sql(first, node);
  else if (name === 'references' && object) c.name(first, node, true);
  else if (JOIN_METHODS.has(name) && object && node.arguments.length >= 2 && !notABuilder(object, name)) c.name(first, node);
  else if (TABLE_METHODS.has(name) && object && !notABuilder(object, name)) {
    c.name(first, node);
    if (SECOND_TOO.has(name)) c.name(second, node);
  }
}

/** A name declared with a Knex type (`(q: Knex) => q('t')`, `const t: Knex.Transaction = ...`) is a builder whatever it is called. */
function typedAsKnex(callee: Oxc.IdentifierReference): boolean {
  const binding = resolveName(callee, callee.name);
  const declared =
    binding?.kind === 'parameter' && binding.path.length === 0
      ? binding.identifier
      : binding?.kind === 'variable' && binding.path.length === 0
        ? binding.declarator.id
        : undefined;
  const pattern = declared?.type === 'AssignmentPattern' ? declared.left : declared;
  const type = pattern?.type === 'Identifier' ? pattern.typeAnnotation?.typeAnnotation : undefined;
  if (type?.type !== 'TSTypeReference') return false;
  const typeName = type.typeName.type === 'TSQualifiedName' ? type.typeName.left : type.typeName;
  return typeName.type === 'Identifier' && typeName.name === 'Knex';
}

/** `Array.from(x)`, `Buffer.from(x)`, `console.table(x)`, `path.join(a, b)` are not query builders. */
function notABuilder(object: Node, method: string): boolean {
  const name = object.type === 'Identifier' ? object.name : object.type === 'MemberExpression' && object.object.type === 'Identifier' ? object.object.name : '';
  return (method === 'from' && /^[A-Z]/.test(name)) || (method === 'table' && name === 'console') || (JOIN_METHODS.has(method) && name === 'path');
}

/** `static tableName = 't'` or `static get tableName() { return 't' }` on an Objection model. */
function visitStaticField(c: Collector, node: Oxc.PropertyDefinition): void {
  if (node.static && propertyName(node.key, node.computed) === 'tableName') c.name(node.value ?? undefined, node);
}

function visitStaticGetter(c: Collector, node: Oxc.MethodDefinition): void {
  if (!node.static || node.kind !== 'get' || propertyName(node.key, node.computed) !== 'tableName' || !node.value.body) return;
  walk(node.value.body, (n) => {
    if (n.type === 'ReturnStatement') c.name(n.argument ?? undefined, node);
  });
}

/** An Objection relation's `join: { from: 't.id', to: 'u.t_id', through: { from, to } }`. */
function visitRelationJoin(c: Collector, node: NodeOf<'Property'>): void {
  const parent = parentOf(node);
  const grandparent = parent && parentOf(parent);
  if (parent?.type !== 'ObjectExpression' || grandparent?.type !== 'Property') return;
  const key = propertyName(node.key, node.computed);
  const holder = propertyName(grandparent.key, grandparent.computed);
  if ((key === 'from' || key === 'to') && (holder === 'join' || holder === 'through')) c.name(node.value, node, true);
}

/** A string or template literal that is a SQL statement, wherever it is written (a const, a helper's argument). */
function visitLiteral(c: Collector, node: Oxc.StringLiteral | Oxc.TemplateLiteral): void {
  const parent = parentOf(node);
  const shape = node.type === 'Literal' ? node.value : node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(HOLE);
  if (typeof shape !== 'string' || !looksLikeSql(shape)) return;
  if (parent?.type === 'CallExpression' && parent.arguments[0] === node && RAW_METHODS.has(calleeName(parent.callee)?.name ?? '')) return;
  c.sql(node, node);
}

const touched = new WeakMap<SourceFile, FileTables>();

/** The tables `file` touches, and the builder calls and SQL whose table it could not tell. */
export function tablesTouched(file: SourceFile): FileTables {
  let found = touched.get(file);
  if (!found) {
    found = collect(file);
    touched.set(file, found);
  }
  return found;
}

function collect(file: SourceFile): FileTables {
  const c = new Collector(file);
  for (const node of nodesOf(file, 'Literal')) if (typeof node.value === 'string') visitLiteral(c, node as Oxc.StringLiteral);
  for (const node of nodesOf(file, 'TemplateLiteral')) visitLiteral(c, node);
  for (const node of nodesOf(file, 'CallExpression')) visitCall(c, node);
  for (const node of nodesOf(file, 'PropertyDefinition')) visitStaticField(c, node);
  for (const node of nodesOf(file, 'MethodDefinition')) visitStaticGetter(c, node);
  for (const node of nodesOf(file, 'Property')) visitRelationJoin(c, node);
  const inOrder = (a: TableRef, b: TableRef) => a.line - b.line || a.offset - b.offset;
  return { refs: c.refs.sort(inOrder), unresolved: c.unresolved.sort(inOrder) };
}
