// One direction of imports: no import cycle in the kernel (api/, workflows/, admin/src, contracts/)
// or in any plugin, type-only imports included (a type cycle is still two files that cannot be
// understood or changed apart); api/ never imports workflows/ (the worker imports the API's
// types, never the reverse); and what workflow code takes from the kernel (@plaudit/kernel/workflow)
// reaches nothing but the Temporal SDK, so it stays safe inside the workflow sandbox.
// The import graph is read from the syntax tree (swc's parser, already used by jest's transform).
// One exception, the Temporal pattern: a plugin's workflow code `import type`s its activities
// (`proxyActivities<typeof activities>`) while its activities start its workflows by reference.
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from '@swc/core';
import { CONTRACTS_DIR, KERNEL_ENTRIES } from '../../api/plugins/kernel-paths';

const ROOT = path.resolve(__dirname, '../..');
const TREES = ['api', 'workflows', 'admin/src', 'contracts', 'plugins', 'tests/fixtures/plugins'];
const SOURCE = /\.(ts|tsx|mts)$/;
const SANDBOX_PACKAGES = ['@temporalio/common', '@temporalio/workflow'];

interface Edge {
  to: string;
  typeOnly: boolean;
}
interface FileImports {
  /** resolved imports of files in the graph */
  edges: Edge[];
  /** package imports, by specifier ('node:fs', 'zod'), with whether only types are taken */
  packages: Edge[];
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

type Node = { type?: string; [key: string]: unknown };
interface Specifier extends Node {
  isTypeOnly?: boolean;
}

/** Every module specifier a source names, with whether the import takes types only. */
function specifiers(source: string, tsx = false): { spec: string; typeOnly: boolean }[] {
  const module = parseSync(source, { syntax: 'typescript', tsx });
  const found: { spec: string; typeOnly: boolean }[] = [];
  const onlyTypes = (n: Node) =>
    n.typeOnly === true || (Array.isArray(n.specifiers) && n.specifiers.length > 0 && (n.specifiers as Specifier[]).every((s) => s.isTypeOnly));
  const visit = (n: unknown): void => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(visit);
    const node = n as Node;
    const source = (node.source as Node | undefined)?.value;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && typeof source === 'string') {
      found.push({ spec: source, typeOnly: onlyTypes(node) });
    } else if (node.type === 'TsImportType') {
      found.push({ spec: String((node.argument as Node).value), typeOnly: true });
    } else if (node.type === 'TsExternalModuleReference') {
      found.push({ spec: String((node.expression as Node).value), typeOnly: false });
    } else if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const [first] = (node.arguments as { expression: Node }[]) ?? [];
      const literal = first?.expression.type === 'StringLiteral' ? String(first.expression.value) : undefined;
      if (literal && (callee.type === 'Import' || (callee.type === 'Identifier' && callee.value === 'require'))) found.push({ spec: literal, typeOnly: false });
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(module.body);
  return found;
}

function resolver(files: Set<string>) {
  const candidates = (base: string) => [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mts`,
    base.replace(/\.js$/, '.ts'),
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return (from: string, spec: string): string | undefined => {
    let base: string | undefined;
    if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
    else if (KERNEL_ENTRIES[spec]) base = KERNEL_ENTRIES[spec];
    else if (spec.startsWith('@plaudit/contracts/')) base = path.join(CONTRACTS_DIR, spec.slice('@plaudit/contracts/'.length));
    if (!base) return undefined;
    return candidates(base).find((c) => files.has(c)) ?? base;
  };
}

function importGraph(): Map<string, FileImports> {
  const files = TREES.flatMap((t) => sourceFiles(path.join(ROOT, t)));
  const resolve = resolver(new Set(files));
  const graph = new Map<string, FileImports>();
  for (const file of files) {
    const imports: FileImports = { edges: [], packages: [] };
    for (const { spec, typeOnly } of specifiers(fs.readFileSync(file, 'utf8'), file.endsWith('.tsx'))) {
      const to = resolve(file, spec);
      if (to) imports.edges.push({ to, typeOnly });
      else imports.packages.push({ to: spec, typeOnly });
    }
    graph.set(file, imports);
  }
  return graph;
}

const rel = (f: string) => path.relative(ROOT, f);

/** Workflow code's `import type` of its own plugin's activities (the one allowed way back). */
function temporalPattern(from: string, edge: Edge): boolean {
  const workflows = /^(?:tests\/fixtures\/)?plugins\/([^/]+)\/workflows\//.exec(rel(from));
  return !!workflows && edge.typeOnly && rel(edge.to).startsWith(`${rel(from).slice(0, workflows[0].length - 'workflows/'.length)}activities/`);
}

/** The strongly connected components with more than one file (Tarjan), each as one cycle through it. */
function cycles(graph: Map<string, FileImports>): string[] {
  const next = (f: string) => (graph.get(f)?.edges ?? []).filter((e) => graph.has(e.to) && !temporalPattern(f, e));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const { to } of next(v)) {
      if (!index.has(to)) {
        connect(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || next(v).some((e) => e.to === v)) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found.map((component) => describeCycle(component, next));
}

/** One cycle inside a component, as "a.ts -> b.ts -(type)-> a.ts", shortest from its first file. */
function describeCycle(component: string[], next: (f: string) => Edge[]): string {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const came = new Map<string, { from: string; edge: Edge }>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const e of next(v)) {
      if (!inside.has(e.to) || came.has(e.to)) continue;
      came.set(e.to, { from: v, edge: e });
      if (e.to === start) queue.length = 0;
      else queue.push(e.to);
    }
  }
  const steps: string[] = [];
  let at = start;
  do {
    const { from, edge } = came.get(at)!;
    steps.unshift(`${rel(from)} ${edge.typeOnly ? '-(type)->' : '->'}`);
    at = from;
  } while (at !== start);
  return `${steps.join(' ')} ${rel(start)}  (${component.length} files)`;
}

const graph = importGraph();

test('the graph covers the kernel and every plugin', () => {
  const trees = new Set(
    [...graph.keys()].map((f) =>
      rel(f)
        .split('/')
        .slice(0, rel(f).startsWith('plugins/') ? 2 : 1)
        .join('/'),
    ),
  );
  for (const tree of ['api', 'workflows', 'admin', 'contracts', 'plugins/reviews', 'plugins/widgets']) expect(trees).toContain(tree);
  expect(graph.get(path.join(ROOT, 'workflows/sandbox.ts'))?.edges.length).toBeGreaterThan(0);
});

test('no import cycles, type-only imports included', () => {
  expect(cycles(graph)).toEqual([]);
});

test('api/ never imports workflows/', () => {
  const backwards = [...graph].flatMap(([file, { edges }]) =>
    rel(file).startsWith('api/') ? edges.filter((e) => rel(e.to).startsWith('workflows/')).map((e) => `${rel(file)} -> ${rel(e.to)}`) : [],
  );
  expect(backwards).toEqual([]);
});

test('@plaudit/kernel/workflow reaches only the Temporal SDK (sandbox-safe)', () => {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = graph.get(file);
    if (!imports) throw new Error(`${rel(file)} is outside the graph`);
    for (const p of imports.packages) if (!p.typeOnly) packages.add(p.to);
    for (const e of imports.edges) if (!e.typeOnly) walk(e.to);
  };
  walk(KERNEL_ENTRIES['@plaudit/kernel/workflow']);
  expect([...packages].filter((p) => !SANDBOX_PACKAGES.includes(p))).toEqual([]);
  expect(seen.size).toBeGreaterThan(1);
});

test('the checks see what they check: a cycle through a type-only import, and every form of import', () => {
  const a = path.join(ROOT, 'api/kernel/a.ts');
  const b = path.join(ROOT, 'api/kernel/b.ts');
  const probe = new Map<string, FileImports>([
    [a, { edges: [{ to: b, typeOnly: true }], packages: [] }],
    [b, { edges: [{ to: a, typeOnly: false }], packages: [] }],
  ]);
  expect(cycles(probe)).toEqual(['api/kernel/a.ts -(type)-> api/kernel/b.ts -> api/kernel/a.ts  (2 files)']);
  const source = `
    import type { A } from './a'; import { type B } from './b'; import { type C, D } from './c'; import './d';
    export * from './e'; export type { F } from './f'; export { G } from './g';
    type H = import('./h').H; const i = () => import('./i'); const j = require('./j'); import k = require('./k');`;
  expect(specifiers(source)).toEqual([
    { spec: './a', typeOnly: true },
    { spec: './b', typeOnly: true },
    { spec: './c', typeOnly: false },
    { spec: './d', typeOnly: false },
    { spec: './e', typeOnly: false },
    { spec: './f', typeOnly: true },
    { spec: './g', typeOnly: false },
    { spec: './h', typeOnly: true },
    { spec: './i', typeOnly: false },
    { spec: './j', typeOnly: false },
    { spec: './k', typeOnly: false },
  ]);
});
