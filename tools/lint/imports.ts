// Every module a file names, from its syntax tree: static imports and re-exports (type-only or not),
// side-effect imports, `import x = require()`, `import()` (in code or in a type) and `require()`.
import type * as Oxc from 'oxc-parser';
import { evaluateStrings, HOLE } from './evaluate';
import { lineAt, type Node, nodesOf, type SourceFile } from './parse';

export interface ModuleRef {
  spec: string;
  /** erased at compile time: `import type`, `import { type A }`, `export type { A } from`, `typeof import('x')` */
  typeOnly: boolean;
  line: number;
}

type Specifier = { importKind?: string; exportKind?: string };

/** A declaration is type-only when it says so, or when every name it brings is marked `type`. */
function allTypes(kind: string | undefined, specifiers: Specifier[], field: 'importKind' | 'exportKind'): boolean {
  return kind === 'type' || (specifiers.length > 0 && specifiers.every((s) => s[field] === 'type'));
}

function ref(file: SourceFile, spec: string, typeOnly: boolean, at: Node): ModuleRef {
  return { spec, typeOnly, line: lineAt(file, at.start) };
}

/** A module named by an expression (`import(x)`, `require(x)`): each string it may hold. */
function dynamic(file: SourceFile, arg: Node | undefined, at: Node): ModuleRef[] {
  if (!arg || arg.type === 'SpreadElement') return [];
  return evaluateStrings(file, arg)
    .filter((s) => !s.includes(HOLE))
    .map((spec) => ref(file, spec, false, at));
}

export function modulesOf(file: SourceFile): ModuleRef[] {
  const found: ModuleRef[] = [];
  for (const d of nodesOf(file, 'ImportDeclaration'))
    found.push(ref(file, d.source.value, allTypes(d.importKind, d.specifiers as Specifier[], 'importKind'), d));
  for (const d of nodesOf(file, 'ExportNamedDeclaration')) {
    if (d.source) found.push(ref(file, d.source.value, allTypes(d.exportKind, d.specifiers as Specifier[], 'exportKind'), d));
  }
  for (const d of nodesOf(file, 'ExportAllDeclaration')) found.push(ref(file, d.source.value, d.exportKind === 'type', d));
  for (const d of nodesOf(file, 'TSImportEqualsDeclaration')) {
    if (d.moduleReference.type === 'TSExternalModuleReference') found.push(ref(file, d.moduleReference.expression.value, d.importKind === 'type', d));
  }
  for (const t of nodesOf(file, 'TSImportType')) found.push(ref(file, t.source.value, true, t));
  for (const e of nodesOf(file, 'ImportExpression')) found.push(...dynamic(file, e.source, e));
  for (const c of nodesOf(file, 'CallExpression')) {
    if (c.callee.type === 'Identifier' && c.callee.name === 'require') found.push(...dynamic(file, (c as Oxc.CallExpression).arguments[0], c));
  }
  return found.sort((a, b) => a.line - b.line);
}
