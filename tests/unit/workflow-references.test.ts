// Workflow references against the workflows the worker registers: a reference (contracts/*.ts,
// plugins/*/shared/workflows.ts, the kernel's api/temporal/kernel-workflows.ts) names its workflow
// type by a string, which the compiler cannot check against the function. Here every reference must
// name a function the worker's workflow modules export (read as workflows/registry.ts
// writeWorkflowsEntry reads them), so a typo fails in seconds, not at the first start. No database,
// no Temporal: the modules are only required.
import fs from 'node:fs';
import path from 'node:path';
import { definedReferences, type WorkflowRef } from '../../contracts/define';
import { discoverPlugins } from '../../api/plugins/discover';

const ROOT = path.resolve(__dirname, '../..');
const plugins = discoverPlugins([path.join(ROOT, 'plugins'), path.join(ROOT, 'tests/fixtures/plugins')]);
const tsFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
const sharedWorkflowFiles = plugins.map((p) => path.join(p.dir, 'shared/workflows.ts')).filter((f) => fs.existsSync(f));

const isReference = (v: unknown): v is WorkflowRef => typeof v === 'object' && v !== null && (v as WorkflowRef).kind === 'workflow';
const relative = (file: string) => path.relative(ROOT, file);

/** Every workflow function the worker bundles, by name, with the module that exports it. */
function registeredWorkflows(): Map<string, string> {
  const modules = [path.join(ROOT, 'workflows/kernel/workflows.ts'), ...plugins.flatMap((p) => (p.sides.workflows ? [p.sides.workflows] : []))];
  const owners = new Map<string, string>();
  for (const file of modules) {
    for (const [name, value] of Object.entries(require(file) as Record<string, unknown>)) {
      if (typeof value === 'function') owners.set(name, relative(file));
    }
  }
  return owners;
}

/** Every reference in the contracts, the plugins' shared/workflows.ts and the kernel's own list. */
function references(): Map<string, string[]> {
  const files = [...tsFiles(path.join(ROOT, 'contracts')), ...sharedWorkflowFiles, path.join(ROOT, 'api/temporal/kernel-workflows.ts')];
  const where = new Map<string, string[]>();
  for (const file of files) {
    for (const value of Object.values(require(file) as Record<string, unknown>)) {
      if (isReference(value)) where.set(value.type, [...(where.get(value.type) ?? []), relative(file)]);
    }
  }
  // defined but not exported still counts: it could be started
  for (const ref of definedReferences().workflows) if (!where.has(ref.type)) where.set(ref.type, ['(not exported)']);
  return where;
}

const registered = registeredWorkflows();
const referenced = references();

test('every plugin with a shared/workflows.ts references at least one of its workflows there', () => {
  expect(sharedWorkflowFiles.length).toBeGreaterThan(10);
  const empty = sharedWorkflowFiles.filter((f) => !Object.values(require(f) as Record<string, unknown>).some(isReference));
  expect(empty.map(relative)).toEqual([]);
});

test('every workflow reference names a workflow function the worker registers', () => {
  expect(referenced.size).toBeGreaterThan(20);
  // a removed plugin's contracts stay (contracts/<id>.ts): their workflows may be registered by nobody
  const providerRemoved = (file: string) => {
    const id = /^contracts\/([^/.]+)/.exec(file)?.[1];
    return !!id && !fs.existsSync(path.join(ROOT, 'plugins', id));
  };
  const unknown = [...referenced]
    .filter(([type, files]) => !registered.has(type) && !files.every(providerRemoved))
    .map(([type, files]) => `${type} (${files.join(', ')})`);
  expect(unknown).toEqual([]);
});

test('every workflow the worker registers has a reference: none is started by its name alone', () => {
  const unreferenced = [...registered].filter(([name]) => !referenced.has(name)).map(([name, file]) => `${name} (${file})`);
  expect(unreferenced).toEqual([]);
});
