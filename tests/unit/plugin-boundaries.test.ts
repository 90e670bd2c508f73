// The plugin boundary, checked on the syntax tree (tools/lint; issue 11 items 1, 4 and 6, issue 28
// deliverable 4): a plugin reaches the kernel only through @plaudit/kernel* and contracts, never
// another plugin's files, tables or settings (its tests and benchmarks included); workflow code
// stays inside the sandbox's allowed imports; Temporal messages are passed as definitions; an
// unscoped query says why; imports run one way (no cycles, api/ never imports workflows/, the sandbox
// entry reaches only the Temporal SDK). Every rule over the repository is here, so each file is parsed
// once; the checkers' own tests are lint-tables.test.ts, tenancy-lint.test.ts and import-cycles.test.ts.
import path from 'node:path';
import {
  benchmarkOffences,
  contractImportOffences,
  importOffences,
  namespaceOffences,
  ownership,
  parseErrors,
  tableOffences,
  unresolvedTables,
  workflowImportOffences,
} from '../../tools/lint/boundaries';
import { inside, isAppCode, plugins as listPlugins, rel, ROOT, sourceFiles } from '../../tools/lint/files';
import { backwardImports, cycles, importGraph, sandboxReach } from '../../tools/lint/import-graph';
import { stringMessageOffences } from '../../tools/lint/messages';
import { parseFile } from '../../tools/lint/parse';
import { unscopedQueries } from '../../tools/lint/tenancy';

const plugins = listPlugins();
const owned = ownership(plugins);

test('every plugin file parses', () => {
  expect(parseErrors(plugins.flatMap((p) => p.files))).toEqual([]);
});

test('a plugin imports the kernel only through @plaudit/kernel* and contracts, and never another plugin', () => {
  expect(importOffences(plugins)).toEqual([]);
});

test("benchmarks: a plugin's live in its bench/ and are checked with its code; the kernel's name no plugin", () => {
  // plugins/<id>/bench/ files are among each plugin's files: the rules above apply to them
  expect(plugins.some((p) => p.files.some((f) => inside(path.join(p.dir, 'bench'), f)))).toBe(true);
  expect(benchmarkOffences()).toEqual([]);
});

test('a contract imports only ./define, other contracts and types from @plaudit/kernel', () => {
  expect(contractImportOffences()).toEqual([]);
});

test('every table has one owner, read from the migrations, with a name known statically', () => {
  expect(owned.problems.map((p) => `${path.relative(ROOT, p.file)}:${p.line} ${p.message}`)).toEqual([]);
  // the kernel's and plugins' tables, those created in a loop included
  expect(owned.owners.get('shops')).toBe('kernel');
  expect(owned.owners.get('reviews')).toBe('reviews');
  expect(owned.owners.get('analytics_product_daily')).toBe('analytics');
  expect(owned.owners.get('analytics_product_monthly')).toBe('analytics');
});

test("no plugin (its tests and migrations included) touches another plugin's tables or the kernel's", () => {
  expect(tableOffences(plugins, owned.owners)).toEqual([]);
});

test('every table a plugin names can be told statically (a name the lint cannot follow hides a table)', () => {
  expect(unresolvedTables(plugins)).toEqual([]);
});

test("no plugin declares, reads or writes another plugin's settings namespace", () => {
  expect(namespaceOffences(plugins)).toEqual([]);
});

test('workflow code imports only the workflow SDK, @plaudit/kernel/workflow, contracts, its own workflow files (messages) and types', () => {
  expect(workflowImportOffences(plugins)).toEqual([]);
});

test('Temporal signals, queries and updates are sent by their definitions, never by string name', () => {
  const files = ['api', 'workflows', 'plugins', 'tests', 'emulator'].flatMap((d) => sourceFiles(path.join(ROOT, d)));
  expect(stringMessageOffences(files)).toEqual([]);
});

test('no plugin queries a table without its shop unless it says why (tenancy-lint.test.ts)', () => {
  const offenders = plugins.flatMap((p) =>
    p.files.filter((f) => isAppCode(p, f)).flatMap((file) => unscopedQueries(parseFile(file)).map((line) => `${rel(file)}:${line}`)),
  );
  expect(offenders).toEqual([]);
});

describe('one direction of imports, type-only imports included (a type cycle is still two files that cannot be changed apart)', () => {
  const graph = importGraph();

  test('the graph covers the kernel and every plugin', () => {
    const files = [...graph.keys()];
    for (const dir of ['api', 'workflows', 'admin/src', 'contracts']) expect(files.some((f) => inside(path.join(ROOT, dir), f))).toBe(true);
    expect(plugins.filter((p) => !files.some((f) => inside(p.dir, f))).map((p) => p.id)).toEqual([]);
  });

  test('no import cycles, in the kernel or in any plugin', () => {
    expect(cycles(graph)).toEqual([]);
  });

  test('api/ never imports workflows/', () => {
    expect(backwardImports(graph)).toEqual([]);
  });

  test('@plaudit/kernel/workflow reaches only the Temporal SDK (sandbox-safe)', () => {
    const reach = sandboxReach(graph);
    expect(reach.packages).toEqual([]);
    expect(reach.files).toBeGreaterThan(1);
  });
});
