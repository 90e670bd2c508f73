// Static evaluation of constant expressions: what string (or array, object...) an expression holds
// when it can be known from the source alone. A name held in a const, built in a template literal,
// taken from an array in a for...of loop or a .map() callback, read from a class's static field or
// imported from a sibling file is followed; a parameter or a call's result is UNKNOWN. An expression
// may hold several values (a loop variable holds each element), so the result is a list of them.
import fs from 'node:fs';
import path from 'node:path';
import type * as Oxc from 'oxc-parser';
import { type Node, nodesOf, parentOf, parseFile, type SourceFile, walk } from './parse';
import { type Binding, exportedBinding, isReassigned, type PathStep, propertyName, resolveName } from './scope';

export const UNKNOWN: unique symbol = Symbol('unknown');
/** Stands in a string for a part that could not be known: `select * from ${table}` -> 'select * from \0'. */
export const HOLE = '\u0000';
export type Value = string | number | boolean | null | undefined | typeof UNKNOWN | Value[] | ValueObject;
export interface ValueObject {
  [key: string]: Value;
}

/** More alternatives than this (nested loops over long lists) is given up as UNKNOWN. */
const LIMIT = 256;
const MAX_DEPTH = 24;
const ITERATORS = new Set(['map', 'flatMap', 'forEach', 'filter', 'some', 'every', 'find', 'findIndex']);

/** Arguments bound to a function's parameters while its body is evaluated for one call. */
type Env = ReadonlyMap<Node, Value[][]>;
const NO_ENV: Env = new Map();

interface Ctx {
  file: SourceFile;
  env: Env;
  depth: number;
}

const memo = new WeakMap<Node, Value[]>();
const inProgress = new Set<Node>();

/** Every value `node` may hold; [UNKNOWN] when it cannot be known. */
export function evaluate(file: SourceFile, node: Node): Value[] {
  return evaluateIn({ file, env: NO_ENV, depth: 0 }, node);
}

/** The strings an expression may hold: unknown parts of a string are HOLEs, a wholly unknown value is HOLE. */
export function evaluateStrings(file: SourceFile, node: Node): string[] {
  return evaluate(file, node).map(toText);
}

export function toText(value: Value): string {
  if (value === UNKNOWN) return HOLE;
  if (Array.isArray(value)) return value.map(toText).join(',');
  if (typeof value === 'object' && value !== null) return HOLE;
  return String(value);
}

function evaluateIn(ctx: Ctx, node: Node): Value[] {
  if (ctx.depth > MAX_DEPTH || inProgress.has(node)) return [UNKNOWN];
  const cacheable = ctx.env.size === 0;
  const cached = cacheable ? memo.get(node) : undefined;
  if (cached) return cached;
  inProgress.add(node);
  try {
    const values = capped(evaluateNode({ ...ctx, depth: ctx.depth + 1 }, node));
    if (cacheable) memo.set(node, values);
    return values;
  } finally {
    inProgress.delete(node);
  }
}

function capped(values: Value[]): Value[] {
  if (values.length === 0) return [UNKNOWN];
  if (values.length > LIMIT) return [UNKNOWN];
  const seen = new Set<Value>();
  return values.filter((v) => (typeof v === 'object' && v !== null) || (seen.has(v) ? false : (seen.add(v), true)));
}

/** Every combination of one value from each list (the values of a template's parts, an array's elements). */
function combinations(lists: Value[][]): Value[][] {
  let result: Value[][] = [[]];
  for (const list of lists) {
    result = result.flatMap((prefix) => list.map((v) => [...prefix, v]));
    if (result.length > LIMIT) return [lists.map((): Value => UNKNOWN)];
  }
  return result;
}

function evaluateNode(ctx: Ctx, node: Node): Value[] {
  const ev = (n: Node) => evaluateIn(ctx, n);
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'bigint' || node.value instanceof RegExp ? [UNKNOWN] : [node.value as Value];
    case 'TemplateLiteral':
      return templateValues(ctx, node);
    case 'TaggedTemplateExpression':
      return templateValues(ctx, node.quasi);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
    case 'TSInstantiationExpression':
    case 'ParenthesizedExpression':
    case 'ChainExpression':
      return ev(node.expression);
    case 'Identifier':
      return node.name === 'undefined' ? [undefined] : nameValues(ctx, node, node.name);
    case 'BinaryExpression':
      return node.operator === '+' ? plus(ev(node.left), ev(node.right)) : [UNKNOWN];
    case 'ConditionalExpression':
      return [...ev(node.consequent), ...ev(node.alternate)];
    case 'LogicalExpression':
      return [...ev(node.left), ...ev(node.right)];
    case 'ArrayExpression':
      return arrayValues(ctx, node);
    case 'ObjectExpression':
      return objectValues(ctx, node);
    case 'MemberExpression':
      return memberValues(ctx, node);
    case 'CallExpression':
      return callValues(ctx, node);
    default:
      return [UNKNOWN];
  }
}

function templateValues(ctx: Ctx, node: Oxc.TemplateLiteral): Value[] {
  const parts = node.expressions.map((e) => evaluateIn(ctx, e).map(toText));
  return combinations(parts).map((texts) => node.quasis.map((q, i) => (q.value.cooked ?? q.value.raw) + (i < texts.length ? toText(texts[i]) : '')).join(''));
}

function plus(left: Value[], right: Value[]): Value[] {
  return combinations([left, right]).map(([a, b]) => {
    if (a === UNKNOWN && b === UNKNOWN) return UNKNOWN;
    if (typeof a === 'number' && typeof b === 'number') return a + b;
    return toText(a) + toText(b);
  });
}

function arrayValues(ctx: Ctx, node: Oxc.ArrayExpression): Value[] {
  const parts: Value[][] = node.elements.map((element) => {
    if (element === null) return [[undefined]];
    if (element.type === 'SpreadElement') return evaluateIn(ctx, element.argument).map((v) => (Array.isArray(v) ? v : [UNKNOWN]));
    return evaluateIn(ctx, element).map((v) => [v]);
  });
  return combinations(parts).map((chosen) => (chosen as Value[][]).flat());
}

function objectValues(ctx: Ctx, node: Oxc.ObjectExpression): Value[] {
  const object: ValueObject = {};
  for (const property of node.properties) {
    if (property.type === 'SpreadElement') {
      const [spread] = evaluateIn(ctx, property.argument);
      if (typeof spread === 'object' && spread !== null && !Array.isArray(spread)) Object.assign(object, spread);
      continue;
    }
    const key = propertyName(property.key, property.computed) ?? (property.computed ? keyOf(evaluateIn(ctx, property.key)) : undefined);
    if (key === undefined || property.kind !== 'init') continue;
    const values = evaluateIn(ctx, property.value);
    object[key] = single(values);
  }
  return [object];
}

/** The one value a field holds, or UNKNOWN when it may hold several. */
function single(values: Value[]): Value {
  return values.length === 1 ? values[0] : UNKNOWN;
}

function keyOf(values: Value[]): string | undefined {
  return values.length === 1 && (typeof values[0] === 'string' || typeof values[0] === 'number') ? String(values[0]) : undefined;
}

function member(object: Value, key: Value): Value {
  if (Array.isArray(object)) {
    if (key === 'length') return object.length;
    return typeof key === 'number' && key in object ? object[key] : UNKNOWN;
  }
  if (typeof object === 'string' && key === 'length') return object.includes(HOLE) ? UNKNOWN : object.length;
  if (typeof object === 'object' && object !== null && (typeof key === 'string' || typeof key === 'number')) {
    return Object.hasOwn(object, key) ? object[String(key)] : UNKNOWN;
  }
  return UNKNOWN;
}

function memberValues(ctx: Ctx, node: Oxc.MemberExpression): Value[] {
  if (node.property.type === 'PrivateIdentifier') return [UNKNOWN];
  const keys = node.computed ? evaluateIn(ctx, node.property) : [(node.property as Oxc.IdentifierName).name];
  // `T.REVIEWS` of `import * as T from './tables'`: that module's export
  const namespace = node.object.type === 'Identifier' ? resolveName(node.object, node.object.name) : undefined;
  if (namespace?.kind === 'import' && namespace.imported === '*') {
    return keys.flatMap((key) => (typeof key === 'string' ? importedValues(ctx, namespace.source, key) : [UNKNOWN]));
  }
  return combinations([evaluateIn(ctx, node.object), keys]).map(([object, key]) => member(object, key));
}

function isFunction(node: Node | undefined): node is Oxc.Function | Oxc.ArrowFunctionExpression {
  return node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression' || node?.type === 'FunctionDeclaration';
}

function callValues(ctx: Ctx, node: Oxc.CallExpression): Value[] {
  const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
  const args = node.arguments.map((a): Value[] => (a.type === 'SpreadElement' ? [UNKNOWN] : evaluateIn(ctx, a)));
  if (callee.type === 'Identifier') {
    if (callee.name === 'String') return args[0]?.map(toText) ?? [''];
    const fn = functionNamed(callee);
    return fn ? returnValues(ctx, fn, args) : [UNKNOWN];
  }
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return [UNKNOWN];
  const method = callee.property.name;
  if (callee.object.type === 'Identifier' && callee.object.name === 'Object' && args[0]) return objectMethod(method, args[0]);
  const argument = node.arguments[0];
  const callback = isFunction(argument) ? argument : undefined;
  return evaluateIn(ctx, callee.object).flatMap((receiver) => methodValues(ctx, receiver, method, args, callback));
}

function objectMethod(method: string, values: Value[]): Value[] {
  return values.map((v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return UNKNOWN;
    if (method === 'keys') return Object.keys(v);
    if (method === 'values') return Object.values(v);
    if (method === 'entries') return Object.entries(v);
    return UNKNOWN;
  });
}

function methodValues(ctx: Ctx, receiver: Value, method: string, args: Value[][], callback?: Oxc.Function | Oxc.ArrowFunctionExpression): Value[] {
  if (typeof receiver === 'string' && !receiver.includes(HOLE)) {
    if (method === 'toLowerCase') return [receiver.toLowerCase()];
    if (method === 'toUpperCase') return [receiver.toUpperCase()];
    if (method === 'trim') return [receiver.trim()];
  }
  if (!Array.isArray(receiver)) return [UNKNOWN];
  if (method === 'join') return (args[0] ?? [',']).map((sep) => receiver.map(toText).join(sep === undefined ? ',' : toText(sep)));
  if (method === 'concat') return combinations(args).map((more): Value => receiver.concat(...more.map((m): Value[] => (Array.isArray(m) ? m : [m]))));
  if (method === 'flat') return [receiver.flat()];
  if ((method === 'map' || method === 'flatMap') && callback) {
    const mapped = combinations(receiver.map((element, i) => returnValues(ctx, callback, [[element], [i]])));
    return mapped.map((elements) => (method === 'flatMap' ? elements.flat() : elements));
  }
  return [UNKNOWN];
}

/** The function a called name refers to, when it is declared in this file (`function f`, `const f = () =>`). */
function functionNamed(callee: Oxc.IdentifierReference): Oxc.Function | Oxc.ArrowFunctionExpression | undefined {
  const binding = resolveName(callee, callee.name);
  if (binding?.kind === 'function') return binding.fn;
  if (binding?.kind === 'variable' && binding.declaration.kind === 'const' && binding.path.length === 0) {
    const init = binding.declarator.init;
    return isFunction(init ?? undefined) ? (init as Oxc.ArrowFunctionExpression) : undefined;
  }
  return undefined;
}

/** What a call of `fn` with these arguments may return: its expression body or every `return` in it. */
function returnValues(ctx: Ctx, fn: Oxc.Function | Oxc.ArrowFunctionExpression, args: Value[][]): Value[] {
  const inner: Ctx = { ...ctx, env: new Map(ctx.env).set(fn, args) };
  if (fn.body === null) return [UNKNOWN];
  if (fn.body.type !== 'BlockStatement') return evaluateIn(inner, fn.body);
  const returns: Node[] = [];
  walk(fn.body, (n) => {
    if (n.type === 'ReturnStatement' && n.argument && nearestFunction(n) === fn) returns.push(n.argument);
  });
  return returns.length === 0 ? [undefined] : returns.flatMap((r) => evaluateIn(inner, r));
}

function nearestFunction(node: Node): Node | undefined {
  for (let p = parentOf(node); p; p = parentOf(p)) if (isFunction(p)) return p;
  return undefined;
}

function nameValues(ctx: Ctx, at: Node, name: string): Value[] {
  const binding = resolveName(at, name);
  return binding ? bindingValues(ctx, binding) : [UNKNOWN];
}

function follow(values: Value[], path: PathStep[]): Value[] {
  return values.map((v) => path.reduce<Value>((acc, step) => (Number.isNaN(step) ? UNKNOWN : member(acc, step)), v));
}

function bindingValues(ctx: Ctx, binding: Binding): Value[] {
  switch (binding.kind) {
    case 'variable':
      return follow(variableValues(ctx, binding), binding.path);
    case 'parameter':
      return follow(parameterValues(ctx, binding), binding.path);
    case 'class':
      return [staticFields(ctx, binding.node)];
    case 'enum':
      return [enumMembers(ctx, binding.node)];
    case 'import':
      return importedValues(ctx, binding.source, binding.imported);
    default:
      return [UNKNOWN];
  }
}

function variableValues(ctx: Ctx, binding: Extract<Binding, { kind: 'variable' }>): Value[] {
  const { declaration, declarator } = binding;
  const holder = parentOf(declaration);
  if ((holder?.type === 'ForOfStatement' || holder?.type === 'ForInStatement') && holder.left === declaration) {
    return evaluateIn(ctx, holder.right).flatMap((v): Value[] => {
      if (holder.type === 'ForInStatement') return typeof v === 'object' && v !== null ? Object.keys(v) : [UNKNOWN];
      return Array.isArray(v) ? v : [UNKNOWN];
    });
  }
  if (!declarator.init) return [UNKNOWN];
  if (declaration.kind !== 'const' && declarator.id.type === 'Identifier' && isReassigned(ctx.file, declarator.id.name)) return [UNKNOWN];
  return evaluateIn(ctx, declarator.init);
}

function parameterValues(ctx: Ctx, binding: Extract<Binding, { kind: 'parameter' }>): Value[] {
  const { fn, index } = binding;
  const bound = ctx.env.get(fn);
  if (bound) {
    const param = fn.params[index];
    if (bound[index] === undefined && param?.type === 'AssignmentPattern') return evaluateIn(ctx, param.right);
    return bound[index] ?? [undefined];
  }
  // the element parameter of a callback given to an array method: each element of that array
  const call = parentOf(fn);
  if (index === 0 && call?.type === 'CallExpression' && call.arguments[0] === fn && call.callee.type === 'MemberExpression') {
    const method = call.callee.property;
    if (!call.callee.computed && method.type === 'Identifier' && ITERATORS.has(method.name)) {
      return evaluateIn(ctx, call.callee.object).flatMap((v) => (Array.isArray(v) ? v : [UNKNOWN]));
    }
  }
  return callSiteArguments(ctx, fn, index);
}

/** The name a function is declared under in its file, and whether other files may call it. */
function declaredName(fn: Oxc.Function | Oxc.ArrowFunctionExpression): { id: Oxc.BindingIdentifier; exported: boolean } | undefined {
  const holder = parentOf(fn);
  if (fn.type === 'FunctionDeclaration' && fn.id)
    return { id: fn.id, exported: holder?.type === 'ExportNamedDeclaration' || holder?.type === 'ExportDefaultDeclaration' };
  if (holder?.type !== 'VariableDeclarator' || holder.init !== fn || holder.id.type !== 'Identifier') return undefined;
  const declaration = parentOf(holder);
  return { id: holder.id, exported: declaration !== undefined && parentOf(declaration)?.type === 'ExportNamedDeclaration' };
}

/**
 * A parameter of a function declared in this file holds what its callers pass: every call in the file,
 * when the function is used only by being called here (not exported, not passed around).
 */
function callSiteArguments(ctx: Ctx, fn: Oxc.Function | Oxc.ArrowFunctionExpression, index: number): Value[] {
  const declared = declaredName(fn);
  if (!declared || declared.exported) return [UNKNOWN];
  const values: Value[] = [];
  for (const ref of nodesOf(ctx.file, 'Identifier')) {
    if (ref === declared.id || ref.name !== declared.id.name) continue;
    const binding = resolveName(ref, ref.name);
    const target = binding?.kind === 'function' ? binding.fn : binding?.kind === 'variable' ? binding.declarator.init : undefined;
    if (target !== fn) continue;
    const call = parentOf(ref);
    // passed around (a callback, `export { f }`): who calls it with what is not known here
    if (call?.type !== 'CallExpression' || call.callee !== ref) return [UNKNOWN];
    const arg = call.arguments[index];
    if (!arg) values.push(undefined);
    else if (arg.type === 'SpreadElement') values.push(UNKNOWN);
    else values.push(...evaluateIn(ctx, arg));
  }
  return values.length > 0 ? values : [UNKNOWN];
}

/** A class as the object of its static fields and getters (`static tableName = 'reviews'`). */
function staticFields(ctx: Ctx, node: Oxc.Class): ValueObject {
  const fields: ValueObject = {};
  for (const element of node.body.body) {
    if (element.type !== 'PropertyDefinition' && element.type !== 'MethodDefinition') continue;
    const key = element.static ? propertyName(element.key, element.computed) : undefined;
    if (key === undefined) continue;
    let values: Value[] = [UNKNOWN];
    if (element.type === 'PropertyDefinition' && element.value) values = evaluateIn(ctx, element.value);
    if (element.type === 'MethodDefinition' && element.kind === 'get') values = returnValues(ctx, element.value, []);
    fields[key] = single(values);
  }
  return fields;
}

function enumMembers(ctx: Ctx, node: Oxc.TSEnumDeclaration): ValueObject {
  const members: ValueObject = {};
  for (const m of node.body.members) {
    const key = m.id.type === 'Identifier' ? m.id.name : m.id.type === 'Literal' ? m.id.value : undefined;
    if (key === undefined) continue;
    members[key] = m.initializer ? single(evaluateIn(ctx, m.initializer)) : UNKNOWN;
  }
  return members;
}

/** A sibling module's file for a relative specifier, as the bundler resolves it ('./x', './x.js', './dir'). */
export function resolveRelative(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|cjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile() && /\.(m?ts|tsx)$/.test(c));
}

function importedValues(ctx: Ctx, source: string, imported: string): Value[] {
  const target = resolveRelative(ctx.file.path, source);
  if (!target || imported === '*' || imported === 'default' || ctx.depth > MAX_DEPTH) return [UNKNOWN];
  const targetFile = parseFile(target);
  const binding = exportedBinding(targetFile, imported);
  return binding ? bindingValues({ file: targetFile, env: NO_ENV, depth: ctx.depth + 1 }, binding) : [UNKNOWN];
}
