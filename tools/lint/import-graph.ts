// The import graph of the kernel (api/, workflows/, admin/src, contracts/) and of every plugin, read
// from the syntax trees the boundary lint parses (modulesOf), type-only imports included: the rules of
// one direction (no cycles, api/ never imports workflows/, the sandbox entry reaches only the Temporal
// SDK) run over it in tests/unit/plugin-boundaries.test.ts; the checks' own tests are import-cycles.test.ts.
// One exception, the Temporal pattern: a plugin's workflow code `import type`s its activities
// (`proxyActivities<typeof activities>`) while its activities start its workflows by reference.
import path from 'node:path';
import { CONTRACTS_DIR, KERNEL_ENTRIES } from '../../api/plugins/kernel-paths';
import { rel, ROOT, sourceFiles } from './files';
import { modulesOf } from './imports';
import { parseFile } from './parse';

const TREES = ['api', 'workflows', 'admin/src', 'contracts', 'plugins', 'tests/fixtures/plugins'];
const SOURCE = /\.(ts|tsx|mts)$/;
/** what code inside Temporal's workflow sandbox may import */
const SANDBOX_PACKAGES = ['@temporalio/common', '@temporalio/workflow'];

export interface Edge {
  to: string;
  typeOnly: boolean;
}
export interface FileImports {
  /** resolved imports of files in the graph */
  edges: Edge[];
  /** package imports, by specifier ('node:fs', 'zod'), with whether only types are taken */
  packages: Edge[];
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

/** Every TypeScript file of the kernel and the plugins, with the files and packages it imports. */
export function importGraph(): Map<string, FileImports> {
  const files = TREES.flatMap((t) => sourceFiles(path.join(ROOT, t))).filter((f) => SOURCE.test(f));
  const resolve = resolver(new Set(files));
  const graph = new Map<string, FileImports>();
  for (const file of files) {
    const imports: FileImports = { edges: [], packages: [] };
    for (const { spec, typeOnly } of modulesOf(parseFile(file))) {
      const to = resolve(file, spec);
      if (to) imports.edges.push({ to, typeOnly });
      else imports.packages.push({ to: spec, typeOnly });
    }
    graph.set(file, imports);
  }
  return graph;
}

/** Workflow code's `import type` of its own plugin's activities (the one allowed way back). */
function temporalPattern(from: string, edge: Edge): boolean {
  const workflows = /^(?:tests\/fixtures\/)?plugins\/([^/]+)\/workflows\//.exec(rel(from));
  return !!workflows && edge.typeOnly && rel(edge.to).startsWith(`${rel(from).slice(0, workflows[0].length - 'workflows/'.length)}activities/`);
}

/** The strongly connected components with more than one file (Tarjan), each as one cycle through it. */
export function cycles(graph: Map<string, FileImports>): string[] {
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

/** api/ imports of workflows/ (the worker imports the API's types, never the reverse). */
export function backwardImports(graph: Map<string, FileImports>): string[] {
  return [...graph].flatMap(([file, { edges }]) =>
    rel(file).startsWith('api/') ? edges.filter((e) => rel(e.to).startsWith('workflows/')).map((e) => `${rel(file)} -> ${rel(e.to)}`) : [],
  );
}

/** The packages other than the Temporal SDK that @plaudit/kernel/workflow reaches through value imports, and how many files it reaches. */
export function sandboxReach(graph: Map<string, FileImports>): { files: number; packages: string[] } {
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
  return { files: seen.size, packages: [...packages].filter((p) => !SANDBOX_PACKAGES.includes(p)) };
}
