// The plugin boundary, checked on the syntax tree (issue 11 items 1, 4, 6; issue 28 deliverable 4).
// Each check returns its offences as `file:line what`, empty when the code keeps the rule.
import path from 'node:path';
import { evaluateStrings } from './evaluate';
import { inside, isDataUpgrade, isTest, type Plugin, PLUGIN_ROOTS, rel, ROOT, sourceFiles } from './files';
import { modulesOf } from './imports';
import { lineAt, nodesOf, parseFile, type SourceFile } from './parse';
import { propertyName } from './scope';
import { tablesTouched } from './table-uses';
import { type Ownership, tableOwnership } from './tables';

/** Kernel entries a plugin may import; contracts are shared by every plugin and outlive a removed one. */
const KERNEL_ENTRY = /^@plaudit\/kernel(\/(admin|workflow|testing))?$/;
const CONTRACT = /^@plaudit\/contracts\/[a-z0-9-]+$/;

export function parseErrors(files: string[]): string[] {
  return files.flatMap((f) => parseFile(f).errors.map((e) => `${rel(f)}: ${e}`));
}

/** Relative imports stay inside the plugin; packages of the app are the kernel's entries and contracts. */
export function importOffences(plugins: Plugin[]): string[] {
  return plugins.flatMap((p) =>
    p.files.flatMap((file) =>
      modulesOf(parseFile(file)).flatMap((m) => {
        const where = `${rel(file)}:${m.line} imports '${m.spec}'`;
        if (m.spec.startsWith('.')) {
          const target = path.resolve(path.dirname(file), m.spec);
          return inside(p.dir, target) ? [] : [`${where} (outside plugin "${p.id}": ${rel(target)})`];
        }
        if (path.isAbsolute(m.spec)) return [`${where} (an absolute path)`];
        if (m.spec.startsWith('@plaudit/') && !KERNEL_ENTRY.test(m.spec) && !CONTRACT.test(m.spec)) return [`${where} (not a kernel entry or a contract)`];
        return [];
      }),
    ),
  );
}

/** The repository's bench/ measures the kernel: a plugin's benchmark lives in plugins/<id>/bench/. */
export function benchmarkOffences(): string[] {
  return sourceFiles(path.join(ROOT, 'bench')).flatMap((file) =>
    modulesOf(parseFile(file))
      .filter((m) => m.spec.startsWith('.') && PLUGIN_ROOTS.some((root) => inside(root, path.resolve(path.dirname(file), m.spec))))
      .map((m) => `${rel(file)}:${m.line} imports '${m.spec}' (a plugin's benchmark belongs in plugins/<id>/bench/)`),
  );
}

const WORKFLOW_PACKAGES = ['@temporalio/workflow', '@plaudit/kernel/workflow'];

/** Workflow code runs in Temporal's sandbox: the SDK, the kernel's workflow entry, contracts, its own workflow files, and types. */
export function workflowImportOffences(plugins: Plugin[]): string[] {
  return plugins.flatMap((p) => {
    const dir = path.join(p.dir, 'workflows');
    return p.files
      .filter((f) => inside(dir, f))
      .flatMap((file) =>
        modulesOf(parseFile(file))
          .filter((m) => !m.typeOnly && !WORKFLOW_PACKAGES.includes(m.spec) && !CONTRACT.test(m.spec))
          .filter((m) => !(m.spec.startsWith('.') && inside(dir, path.resolve(path.dirname(file), m.spec))))
          .map((m) => `${rel(file)}:${m.line} imports '${m.spec}' as a value`),
      );
  });
}

/** contracts/README.md: a contract imports ./define, other contracts and types from @plaudit/kernel, never a plugin. */
export function contractImportOffences(): string[] {
  const dir = path.join(ROOT, 'contracts');
  return sourceFiles(dir).flatMap((file) =>
    modulesOf(parseFile(file))
      .filter((m) => !(m.spec.startsWith('.') && inside(dir, path.resolve(path.dirname(file), m.spec))) && !CONTRACT.test(m.spec))
      .filter((m) => !(m.typeOnly && m.spec === '@plaudit/kernel'))
      .map((m) => `${rel(file)}:${m.line} imports '${m.spec}'${m.typeOnly ? '' : ' as a value'}`),
  );
}

/** Owners of every table: the kernel's migrations/ and each plugin's. */
export function ownership(plugins: Plugin[]): Ownership {
  return tableOwnership([
    { owner: 'kernel', migrations: path.join(ROOT, 'migrations') },
    ...plugins.map((p) => ({ owner: p.id, migrations: path.join(p.dir, 'migrations') })),
  ]);
}

/** Kernel tables behind services.shops and settings.namespace: only data upgrades name them. */
export const KERNEL_SERVICE_TABLES = new Set(['shops', 'settings']);

/** Where in a plugin a file is: the kernel's tables are open to data upgrades and (some) to tests. */
export interface FilePlace {
  plugin: string;
  dataUpgrade: boolean;
  test: boolean;
}

/**
 * Tables a file touches that its plugin does not own. Another plugin's table: never (tests and
 * migrations included). The kernel's shops and settings: only data upgrades (migrations, and their
 * tests). The kernel's other tables (sessions, webhook deliveries, the outbox...): only tests, which
 * inspect the kernel's state, and migrations.
 */
export function foreignTables(file: SourceFile, place: FilePlace, owners: Map<string, string>): string[] {
  const offences: string[] = [];
  for (const t of tablesTouched(file).refs) {
    const owner = owners.get(t.table);
    if (owner === undefined || owner === place.plugin) continue;
    const where = `${rel(file.path)}:${t.line} ${t.how}`;
    if (owner !== 'kernel') offences.push(`${where} touches table "${t.table}" of plugin "${owner}"`);
    else if (KERNEL_SERVICE_TABLES.has(t.table) && !place.dataUpgrade)
      offences.push(`${where} touches the kernel's table "${t.table}" (use services.shops / settings.namespace)`);
    else if (!KERNEL_SERVICE_TABLES.has(t.table) && !place.test && !place.dataUpgrade)
      offences.push(`${where} touches the kernel's table "${t.table}" (use the kernel's services)`);
  }
  return offences;
}

export function tableOffences(plugins: Plugin[], owners: Map<string, string>): string[] {
  return plugins.flatMap((p) =>
    p.files.flatMap((file) => foreignTables(parseFile(file), { plugin: p.id, dataUpgrade: isDataUpgrade(p, file), test: isTest(p, file) }, owners)),
  );
}

/** Builder calls and SQL in plugins whose table cannot be told statically (a name the lint cannot follow). */
export function unresolvedTables(plugins: Plugin[]): string[] {
  return plugins.flatMap((p) => p.files.flatMap((file) => tablesTouched(parseFile(file)).unresolved.map((u) => `${rel(file)}:${u.line} ${u.how}`)));
}

/** Settings namespaces: a plugin declares only `settings.namespace('<its id>')` and names only `<its id>.*`. */
export function namespaceOffences(plugins: Plugin[]): string[] {
  const owners = new Map<string, string>();
  for (const p of plugins) {
    owners.set(p.id, p.id);
    for (const file of p.files) for (const ns of declaredNamespaces(file)) owners.set(ns.name, p.id);
  }
  const offences: string[] = [];
  for (const p of plugins) {
    for (const file of p.files.filter((f) => !isDataUpgrade(p, f))) {
      for (const ns of declaredNamespaces(file)) {
        if (ns.name !== p.id) offences.push(`${rel(file)}:${ns.line} declares settings namespace "${ns.name}" (a plugin declares only its own id)`);
      }
      for (const ns of namedNamespaces(file)) {
        const owner = owners.get(ns.name) ?? owners.get(ns.name.split('.')[0]);
        if (ns.name.split('.')[0] !== p.id)
          offences.push(`${rel(file)}:${ns.line} names settings namespace "${ns.name}"${owner ? ` of plugin "${owner}"` : ''}`);
      }
    }
  }
  return offences;
}

const NAMESPACE = /^[a-z0-9.:-]+$/;

/** `x.namespace('<name>', ...)` */
function declaredNamespaces(file: string): { name: string; line: number }[] {
  const source = parseFile(file);
  return nodesOf(source, 'CallExpression').flatMap((c) => {
    const callee = c.callee;
    if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'namespace') return [];
    const arg = c.arguments[0];
    if (!arg || arg.type === 'SpreadElement') return [];
    return evaluateStrings(source, arg)
      .filter((s) => NAMESPACE.test(s))
      .map((name) => ({ name, line: lineAt(source, c.start) }));
  });
}

/**
 * `{ namespace: '<name>' }` written out: a settings row or a kernel call naming a namespace. Only a
 * written name counts: `namespace` is also Temporal's and Shopify metafields' word, passed around in
 * variables that are no settings namespace.
 */
function namedNamespaces(file: string): { name: string; line: number }[] {
  const source = parseFile(file);
  return nodesOf(source, 'Property').flatMap((p) => {
    if (propertyName(p.key, p.computed) !== 'namespace') return [];
    const value = p.value;
    const written = value.type === 'Literal' || (value.type === 'TemplateLiteral' && value.expressions.length === 0);
    if (!written) return [];
    return evaluateStrings(source, value)
      .filter((s) => NAMESPACE.test(s))
      .map((name) => ({ name, line: lineAt(source, p.start) }));
  });
}
