// The import-graph checks themselves (tools/lint/import-graph.ts), on probes: a cycle through a
// type-only import is found, and every form of import is read. They run over the kernel and every
// plugin in plugin-boundaries.test.ts, which parses each file once for all the source rules.
import path from 'node:path';
import { ROOT } from '../../tools/lint/files';
import { cycles, type FileImports } from '../../tools/lint/import-graph';
import { modulesOf } from '../../tools/lint/imports';
import { parseSource } from '../../tools/lint/parse';

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
  const found = modulesOf(parseSource('probe.ts', source)).map(({ spec, typeOnly }) => ({ spec, typeOnly }));
  expect(found.sort((x, y) => x.spec.localeCompare(y.spec))).toEqual([
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
