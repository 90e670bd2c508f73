// The plugin boundary, checked on the source (issue 11, items 1, 4 and 6): a plugin reaches the
// kernel only through @plaudit/kernel*, never another plugin's files, tables or settings (its tests
// and benchmarks included); workflow code stays inside the sandbox's allowed imports; Temporal
// messages are passed as definitions.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PLUGIN_ROOTS = ['plugins', 'tests/fixtures/plugins'].map((r) => path.join(ROOT, r));
const KERNEL_TABLES = ['shops', 'settings'];

interface Plugin {
  id: string;
  dir: string;
  files: string[];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'build'].includes(e.name) || e.name.startsWith('.') ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

const plugins: Plugin[] = PLUGIN_ROOTS.flatMap((root) =>
  fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => {
    const dir = path.join(root, e.name);
    return { id: e.name, dir, files: sourceFiles(dir) };
  }),
);
const rel = (f: string) => path.relative(ROOT, f);
const read = (f: string) => fs.readFileSync(f, 'utf8');
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

interface Import {
  spec: string;
  typeOnly: boolean;
  line: number;
}

/** Every module a file names: static imports and re-exports, side-effect imports, import() and require(). */
function importsOf(text: string): Import[] {
  const found: Import[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    const named = m[3].replace(/\s+/g, ' ');
    const allTypes = /^\{[^}]*\}$/.test(named) && named.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '));
    found.push({ spec: m[4], typeOnly: Boolean(m[2]) || allTypes, line: lineOf(text, m.index) });
  }
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push({ spec: m[1], typeOnly: false, line: lineOf(text, m.index) });
  for (const m of text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1], typeOnly: false, line: lineOf(text, m.index) });
  return found;
}

const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith('..');

test('a plugin imports the kernel only through @plaudit/kernel*, and never another plugin', () => {
  const offences: string[] = [];
  for (const p of plugins) {
    for (const file of p.files) {
      for (const imp of importsOf(read(file))) {
        const where = `${rel(file)}:${imp.line} imports '${imp.spec}'`;
        if (imp.spec.startsWith('.')) {
          const target = path.resolve(path.dirname(file), imp.spec);
          if (!inside(p.dir, target)) offences.push(`${where} (outside plugin "${p.id}": ${rel(target)})`);
        } else if (path.isAbsolute(imp.spec)) {
          offences.push(`${where} (an absolute path)`);
        } else if (imp.spec.startsWith('@plaudit/') && !/^@plaudit\/kernel(\/(admin|workflow|testing))?$/.test(imp.spec)) {
          offences.push(`${where} (not a kernel entry)`);
        }
      }
    }
  }
  expect(offences).toEqual([]);
});

test("benchmarks: a plugin's live in its bench/ and are checked with its code; the kernel's name no plugin", () => {
  // plugins/<id>/bench/ files are among each plugin's files: the rules above apply to them
  expect(plugins.some((p) => p.files.some((f) => inside(path.join(p.dir, 'bench'), f)))).toBe(true);
  const offences = sourceFiles(path.join(ROOT, 'bench')).flatMap((file) =>
    importsOf(read(file))
      .filter((imp) => imp.spec.startsWith('.') && PLUGIN_ROOTS.some((root) => inside(root, path.resolve(path.dirname(file), imp.spec))))
      .map((imp) => `${rel(file)}:${imp.line} imports '${imp.spec}' (a plugin's benchmark belongs in plugins/<id>/bench/)`),
  );
  expect(offences).toEqual([]);
});

/** Tables each plugin's migrations create: the only tables that plugin may name. */
function tablesOf(p: Plugin): string[] {
  const dir = path.join(p.dir, 'migrations');
  if (!fs.existsSync(dir)) return [];
  return sourceFiles(dir).flatMap((f) => [...read(f).matchAll(/createTable(?:IfNotExists)?\(\s*['"`]([a-z0-9_]+)['"`]/g)].map((m) => m[1]));
}

/** Settings namespaces each plugin declares: `settings.namespace('<id>', ...)`, with `key: '<key>'` -> '<id>.<key>'. */
function namespacesOf(p: Plugin): string[] {
  const names = new Set<string>([p.id]);
  for (const f of p.files) {
    for (const m of read(f).matchAll(/\.namespace\(\s*['"`]([a-z0-9.-]+)['"`]/g)) names.add(m[1]);
  }
  return [...names];
}

/**
 * Data upgrades: a plugin's migrations and the tests of them move rows the plugin kept under old
 * names, so they may name the settings table and legacy namespaces (never another plugin's tables).
 */
const isDataUpgrade = (file: string) => file.includes(`${path.sep}migrations${path.sep}`) || file.endsWith('-migration.test.ts');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Ways code names a table: knex('t'), .from('t'), .table('t'), .into('t'), join('t'), and SQL text (FROM t, JOIN t, ...). */
function tableUses(text: string, table: string): number[] {
  const t = escape(table);
  const patterns = [
    new RegExp(`\\b(?:knex|trx|db|\\.from|\\.table|\\.into|[jJ]oin|\\.with)\\(\\s*['"\`]${t}(?:\\s+as\\s+\\w+)?['"\`]`, 'g'),
    // SQL keywords in capitals, so prose ("read from settings") is not taken for a query
    new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+"?${t}"?(?=[\\s;,)'"\`]|$)`, 'g'),
  ];
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => lineOf(text, m.index)));
}

function tableOffences(owners: Map<string, string>, describe: (owner: string) => string): string[] {
  const offences: string[] = [];
  for (const p of plugins) {
    for (const file of p.files.filter((f) => !f.includes(`${path.sep}migrations${path.sep}`))) {
      const text = read(file);
      for (const [table, owner] of owners) {
        if (owner === p.id) continue;
        for (const line of tableUses(text, table)) offences.push(`${rel(file)}:${line} names table "${table}" of ${describe(owner)}`);
      }
    }
  }
  return offences;
}

test("no plugin (its tests included) queries another plugin's tables", () => {
  const owners = new Map<string, string>();
  for (const p of plugins) for (const t of tablesOf(p)) owners.set(t, p.id);
  expect(owners.size).toBeGreaterThan(0);
  expect(tableOffences(owners, (owner) => `plugin "${owner}"`)).toEqual([]);
});

test('no plugin (its tests included) queries the kernel tables behind services.shops and services.settings', () => {
  const owners = new Map(KERNEL_TABLES.map((t) => [t, 'kernel']));
  const offences = tableOffences(owners, () => 'the kernel (use services.shops / settings.namespace)');
  expect(offences.filter((o) => !isDataUpgrade(path.join(ROOT, o.split(':')[0])))).toEqual([]);
});

test("no plugin declares, reads or writes another plugin's settings namespace", () => {
  const owners = new Map<string, string>();
  for (const p of plugins) for (const n of namespacesOf(p)) owners.set(n, p.id);
  const offences: string[] = [];
  for (const p of plugins) {
    for (const file of p.files.filter((f) => !isDataUpgrade(f))) {
      const text = read(file);
      for (const m of text.matchAll(/\.namespace\(\s*['"`]([a-z0-9.-]+)['"`]/g)) {
        if (m[1] !== p.id) offences.push(`${rel(file)}:${lineOf(text, m.index)} declares settings namespace "${m[1]}" (a plugin declares only its own id)`);
      }
      for (const m of text.matchAll(/\bnamespace\s*:\s*['"`]([a-z0-9.:-]+)['"`]/g)) {
        const owner = owners.get(m[1]) ?? owners.get(m[1].split('.')[0]);
        if (m[1].split('.')[0] !== p.id) offences.push(`${rel(file)}:${lineOf(text, m.index)} names settings namespace "${m[1]}"${owner ? ` of plugin "${owner}"` : ''}`);
      }
    }
  }
  expect(offences).toEqual([]);
});

const WORKFLOW_PACKAGES = ['@temporalio/workflow', '@plaudit/kernel/workflow'];

test('workflow code imports only the workflow SDK, @plaudit/kernel/workflow, its own workflow files (messages) and types', () => {
  const offences: string[] = [];
  for (const p of plugins) {
    const dir = path.join(p.dir, 'workflows');
    for (const file of p.files.filter((f) => inside(dir, f))) {
      for (const imp of importsOf(read(file))) {
        if (imp.typeOnly || WORKFLOW_PACKAGES.includes(imp.spec)) continue;
        if (imp.spec.startsWith('.') && inside(dir, path.resolve(path.dirname(file), imp.spec))) continue;
        offences.push(`${rel(file)}:${imp.line} imports '${imp.spec}' as a value`);
      }
    }
  }
  expect(offences).toEqual([]);
});

// the grep of the issue's "done when", over every TypeScript file of the repository; a message name
// is one word in quotes (SQL passed to a pg client's .query() is not)
const NAME = `['"\`][A-Za-z_$][\\w$-]*['"\`]\\s*[,)]`;
const STRING_MESSAGES = [
  new RegExp(`\\.signal\\(\\s*${NAME}`, 'g'),
  new RegExp(`\\.query\\(\\s*${NAME}`, 'g'),
  new RegExp(`\\.(?:executeUpdate|startUpdate)\\(\\s*${NAME}`, 'g'),
  /signalWithStart\([^;]*?\bsignal\s*:\s*['"`][^'"`]*['"`]/gs,
];

test('Temporal signals, queries and updates are sent by their definitions, never by string name', () => {
  const files = ['api', 'workflows', 'plugins', 'tests', 'emulator'].flatMap((d) => sourceFiles(path.join(ROOT, d))).filter((f) => f !== __filename);
  const offences = files.flatMap((file) => {
    const text = read(file);
    const found = STRING_MESSAGES.flatMap((re) => [...text.matchAll(re)].map((m) => ({ m, what: m[0] })));
    // a helper passing its `name: string` parameter on as the signal is a string name too
    for (const m of text.matchAll(/signalWithStart\([^;]*?\bsignal\s*:\s*(\w+)\s*[,}]/gs)) {
      if (new RegExp(`\\b${m[1]}\\s*:\\s*string\\b`).test(text)) found.push({ m, what: `${m[0]} (${m[1]}: string)` });
    }
    return found.map(({ m, what }) => `${rel(file)}:${lineOf(text, m.index)} ${what.replace(/\s+/g, ' ').replace(/^(.{30}).{20,}(.{40})$/, '$1 … $2')}`);
  });
  expect(offences).toEqual([]);
});
