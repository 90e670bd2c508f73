// Which declaration a name refers to: the scopes around an identifier, innermost first, as the
// language resolves them (block, function parameters, loop heads, catch, module), without types.
import type * as Oxc from 'oxc-parser';
import { ancestors, type Node, nodesOf, type SourceFile } from './parse';

/** A step into a destructuring pattern: an array index or an object key. */
export type PathStep = number | string;

export type Binding =
  | { kind: 'variable'; declarator: Oxc.VariableDeclarator; declaration: Oxc.VariableDeclaration; path: PathStep[] }
  | { kind: 'parameter'; fn: Oxc.Function | Oxc.ArrowFunctionExpression; index: number; path: PathStep[]; identifier: Node }
  | { kind: 'function'; fn: Oxc.Function }
  | { kind: 'class'; node: Oxc.Class }
  | { kind: 'enum'; node: Oxc.TSEnumDeclaration }
  | { kind: 'import'; source: string; imported: string }
  | { kind: 'other' };

const MISSING = Symbol('missing');

/** Where `name` sits in a binding pattern, as a path of indexes and keys; MISSING when absent. */
function pathIn(pattern: Node | null, name: string): PathStep[] | typeof MISSING {
  if (!pattern) return MISSING;
  switch (pattern.type) {
    case 'Identifier':
      return pattern.name === name ? [] : MISSING;
    case 'AssignmentPattern':
      return pathIn(pattern.left, name);
    case 'TSParameterProperty':
      return pathIn(pattern.parameter, name);
    case 'RestElement':
      // what a rest element collects is not followed
      return pathIn(pattern.argument, name) === MISSING ? MISSING : [Number.NaN];
    case 'ArrayPattern':
      for (const [i, element] of pattern.elements.entries()) {
        const inner = pathIn(element, name);
        if (inner !== MISSING) return [i, ...inner];
      }
      return MISSING;
    case 'ObjectPattern':
      for (const property of pattern.properties) {
        if (property.type === 'RestElement') {
          if (pathIn(property, name) !== MISSING) return [Number.NaN];
          continue;
        }
        const inner = pathIn(property.value, name);
        if (inner === MISSING) continue;
        const key = propertyName(property.key, property.computed);
        return key === undefined ? [Number.NaN] : [key, ...inner];
      }
      return MISSING;
    default:
      return MISSING;
  }
}

/** A property's name when it is written out (`a`, `'a'`, `[‘a’]` is not followed). */
export function propertyName(key: Node, computed: boolean): string | undefined {
  if (!computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return undefined;
}

function inDeclaration(declaration: Oxc.VariableDeclaration, name: string): Binding | undefined {
  for (const declarator of declaration.declarations) {
    const path = pathIn(declarator.id, name);
    if (path !== MISSING) return { kind: 'variable', declarator, declaration, path };
  }
  return undefined;
}

function inStatement(statement: Node, name: string): Binding | undefined {
  switch (statement.type) {
    case 'VariableDeclaration':
      return inDeclaration(statement, name);
    case 'FunctionDeclaration':
      return statement.id?.name === name ? { kind: 'function', fn: statement } : undefined;
    case 'ClassDeclaration':
      return statement.id?.name === name ? { kind: 'class', node: statement } : undefined;
    case 'TSEnumDeclaration':
      return statement.id.name === name ? { kind: 'enum', node: statement } : undefined;
    case 'ImportDeclaration':
      for (const specifier of statement.specifiers) {
        if (specifier.local.name !== name) continue;
        const imported =
          specifier.type === 'ImportSpecifier'
            ? specifier.imported.type === 'Identifier'
              ? specifier.imported.name
              : String(specifier.imported.value)
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        return { kind: 'import', source: statement.source.value, imported };
      }
      return undefined;
    case 'ExportNamedDeclaration':
    case 'ExportDefaultDeclaration':
      return statement.declaration ? inStatement(statement.declaration, name) : undefined;
    case 'TSImportEqualsDeclaration':
    case 'TSModuleDeclaration':
    case 'TSTypeAliasDeclaration':
    case 'TSInterfaceDeclaration':
      return statement.id.type === 'Identifier' && statement.id.name === name ? { kind: 'other' } : undefined;
    default:
      return undefined;
  }
}

function inStatements(statements: Node[], name: string): Binding | undefined {
  for (const statement of statements) {
    const found = inStatement(statement, name);
    if (found) return found;
  }
  return undefined;
}

function inFunction(fn: Oxc.Function | Oxc.ArrowFunctionExpression, name: string): Binding | undefined {
  for (const [index, param] of fn.params.entries()) {
    const path = pathIn(param, name);
    if (path !== MISSING) return { kind: 'parameter', fn, index, path, identifier: param };
  }
  if (fn.type === 'FunctionExpression' && fn.id?.name === name) return { kind: 'function', fn };
  return undefined;
}

/** The declaration a name refers to from where `from` stands, or undefined for a global. */
export function resolveName(from: Node, name: string): Binding | undefined {
  for (const scope of ancestors(from)) {
    const found = inScope(scope, name);
    if (found) return found;
  }
  return undefined;
}

function inScope(scope: Node, name: string): Binding | undefined {
  switch (scope.type) {
    case 'Program':
      return inStatements(scope.body, name);
    case 'BlockStatement':
    case 'StaticBlock':
    case 'TSModuleBlock':
      return inStatements(scope.body, name);
    case 'SwitchCase':
      return inStatements(scope.consequent, name);
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return inFunction(scope, name);
    case 'ForOfStatement':
    case 'ForInStatement':
      return scope.left.type === 'VariableDeclaration' ? inDeclaration(scope.left, name) : undefined;
    case 'ForStatement':
      return scope.init?.type === 'VariableDeclaration' ? inDeclaration(scope.init, name) : undefined;
    case 'CatchClause':
      return scope.param && pathIn(scope.param, name) !== MISSING ? { kind: 'other' } : undefined;
    case 'ClassDeclaration':
    case 'ClassExpression':
      return scope.id?.name === name ? { kind: 'class', node: scope } : undefined;
    default:
      return undefined;
  }
}

/** Module-level declaration a file exports under `name` (`export const`, `export { a as name }`). */
export function exportedBinding(file: SourceFile, name: string): Binding | undefined {
  for (const statement of file.program.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      if (statement.declaration) {
        const found = inStatement(statement.declaration, name);
        if (found) return found;
      }
      for (const specifier of statement.specifiers) {
        const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value);
        if (exported !== name) continue;
        const local = specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value);
        if (statement.source) return { kind: 'import', source: statement.source.value, imported: local };
        return inStatements(file.program.body, local);
      }
    }
  }
  return undefined;
}

const assigned = new WeakMap<SourceFile, Set<string>>();

/** Whether a `let`/`var` is assigned after its declaration anywhere in the file (then its first value proves nothing). */
export function isReassigned(file: SourceFile, name: string): boolean {
  let names = assigned.get(file);
  if (!names) {
    names = new Set();
    for (const node of nodesOf(file, 'AssignmentExpression')) if (node.left.type === 'Identifier') names.add(node.left.name);
    for (const node of nodesOf(file, 'UpdateExpression')) if (node.argument.type === 'Identifier') names.add(node.argument.name);
    assigned.set(file, names);
  }
  return names.has(name);
}
