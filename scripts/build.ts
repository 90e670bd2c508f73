// `npm run build`: the server side compiled for production, run by plain `node` (issue 29).
// - Every server-side TypeScript file of the kernel (api/, workflows/, emulator/, contracts/,
//   migrations/) and of every plugin is transpiled one to one by esbuild (CommonJS, source maps) into
//   <out>, keeping the tree's shape: plugins stay folders that discovery finds and requires at run
//   time, and what the code finds next to itself (__dirname: locales, migrations) is where it looks.
// - The @plaudit/* aliases become relative requires; packages are left to Node's resolution.
// - Data files (the locales' JSON ...) are copied alongside.
// - The workflows are bundled once (bundleWorkflowCode) into <out>/workflows/workflow-bundle.js,
//   which the compiled worker loads instead of bundling at start.
// - The mail layout's MJML is compiled once into <out>/api/mail/layout.html, so neither process
//   loads mjml (about 18 MB of heap) at run time.
// - Last, every module the app requires at run time is loaded once by plain node with TypeScript
//   off, so a missing file or an unresolved alias fails the build, not a production start.
// Plugins come from PLUGINS_ROOT and PLUGIN_DIRS as set when building; all land in <out>/plugins,
// so the compiled processes run with PLUGIN_DIRS unset.
// Usage: tsx scripts/build.ts [--out dist] [--skip-workflows] [--skip-check]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { loadConfig, type Config } from '../api/config';
import { migrationFiles } from '../api/db/migrations';
import { COMPILED_LAYOUT, compileLayout } from '../api/mail/layout';
import { discoverPlugins, type DiscoveredPlugin } from '../api/plugins/discover';
import { CONTRACTS_DIR, KERNEL_ENTRIES } from '../api/plugins/kernel-paths';

const ROOT = path.resolve(__dirname, '..');

/** The kernel's server-side folders; admin/ is the browser's (vite), tests/ and bench/ stay out. */
const KERNEL_DIRS = ['api', 'workflows', 'emulator', 'contracts', 'migrations'];
/** Folders never compiled: the admin side is vite's; tests and benchmarks run from source. */
const SKIPPED_DIRS = new Set(['admin', 'tests', 'bench', 'node_modules']);
/** Written into <out> so a later build knows the folder is its own to replace. */
const MARKER = 'BUILD.json';
export const WORKFLOW_BUNDLE_FILE = 'workflows/workflow-bundle.js';

/** A source folder and where its compiled files go. */
interface Tree {
  source: string;
  out: string;
}

export interface BuildResult {
  out: string;
  files: number;
  plugins: string[];
  workflowBundleBytes?: number;
  ms: number;
}

export interface BuildOptions {
  /** bundle the workflows (the worker needs it; the API does not) */
  workflows: boolean;
  /** load every compiled module once with plain node (checkLoads) */
  check: boolean;
  log?: (line: string) => void;
}

export async function buildProduction(out: string, o: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const say = o.log ?? (() => {});
  const config = loadConfig({ ...process.env, NODE_ENV: 'development' }, ROOT);
  const plugins = discoverPlugins(config.pluginDirs);
  prepareOut(out);
  const compiler = new Compiler(
    out,
    plugins.map((p) => ({ source: p.dir, out: path.join(out, 'plugins', p.id) })),
  );
  say(`compiling the kernel and ${plugins.length} plugins into ${out}`);
  const files = await compiler.compileAll();
  copyData({ source: path.join(ROOT, 'locales'), out: path.join(out, 'locales') });
  fs.writeFileSync(path.join(out, path.relative(ROOT, COMPILED_LAYOUT)), await compileLayout());

  let workflowBundleBytes: number | undefined;
  if (o.workflows) {
    say('bundling the workflows');
    workflowBundleBytes = await writeWorkflowBundle(config, path.join(out, WORKFLOW_BUNDLE_FILE));
  }
  if (o.check) {
    say('loading every compiled entry with plain node');
    checkLoads(out, path.join(ROOT, 'node_modules'));
  }
  fs.writeFileSync(
    path.join(out, MARKER),
    JSON.stringify({ complete: true, builtAt: new Date().toISOString(), plugins: plugins.map((p) => p.id), workflowBundle: o.workflows }, null, 2) + '\n',
  );
  return { out, files, plugins: plugins.map((p) => p.id), workflowBundleBytes, ms: performance.now() - started };
}

/** Promise.all that lets every build finish first: esbuild's service must not be cut off mid-build. */
async function settled<T>(work: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(work);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** Empties <out>, refusing a folder that is neither empty nor an earlier build. */
function prepareOut(out: string) {
  if (fs.existsSync(out) && fs.readdirSync(out).length && !fs.existsSync(path.join(out, MARKER))) {
    throw new Error(`${out} is not empty and holds no ${MARKER}: not replacing it`);
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  // written first, so a failed build's leftovers are replaced by the next one
  fs.writeFileSync(path.join(out, MARKER), '{ "complete": false }\n');
}

/** The tree's files, skipping SKIPPED_DIRS and dot folders. */
function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) || e.name.startsWith('.') ? [] : walk(full);
    return [full];
  });
}

const isSource = (f: string) => /\.tsx?$/.test(f) && !/\.(test|d)\.tsx?$/.test(f);
const isData = (f: string) => !/\.(tsx?|md)$/.test(f);
/**
 * A plugin's storefront/ scripts are bundled for the browser by the API itself (esbuild, once per
 * process: widgets, questions, video uploads), so their TypeScript ships beside the compiled files.
 */
const isBrowserSource = (f: string) => isSource(f) && f.split(path.sep).includes('storefront');

/**
 * Compiles the kernel folders and the plugins, then whatever else of the repository they import
 * (admin/src/languages.ts, for one, is shared with the admin), until nothing is missing.
 */
class Compiler {
  /** the repository, for the kernel folders and whatever else of it they import */
  private readonly root: Tree;
  /** the plugins' folders first: outside the repository (PLUGIN_DIRS) or inside it */
  private readonly trees: Tree[];
  private readonly compiled = new Set<string>();
  private readonly imported = new Set<string>();

  constructor(
    out: string,
    private readonly plugins: Tree[],
  ) {
    this.root = { source: ROOT, out };
    this.trees = [...plugins, this.root];
  }

  async compileAll(): Promise<number> {
    const kernel = KERNEL_DIRS.map((d) => ({ source: path.join(ROOT, d), out: path.join(this.root.out, d) }));
    const counts = await settled(
      [...kernel, ...this.plugins].map(async (tree) => {
        const all = walk(tree.source);
        copyData(tree, all);
        return this.compile(all.filter(isSource), tree);
      }),
    );
    let files = counts.reduce((a, b) => a + b, 0);
    for (let missing = this.missing(); missing.length; missing = this.missing()) {
      files += await this.compile(missing, this.root);
    }
    return files;
  }

  /**
   * Imported modules not compiled yet, as files (an import names `./x` for x.ts or x/index.ts);
   * an imported data file (JSON) outside the folders copied is copied on the way.
   */
  private missing(): string[] {
    const files = [...this.imported].map((spec) =>
      ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => spec + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile()),
    );
    for (const f of files) {
      if (!f || isSource(f) || fs.existsSync(this.outputOf(f))) continue;
      fs.mkdirSync(path.dirname(this.outputOf(f)), { recursive: true });
      fs.copyFileSync(f, this.outputOf(f));
    }
    return [...new Set(files)].filter((f): f is string => !!f && isSource(f) && !this.compiled.has(f));
  }

  private async compile(entryPoints: string[], tree: Tree): Promise<number> {
    for (const f of entryPoints) this.compiled.add(f);
    if (!entryPoints.length) return 0;
    await build({
      entryPoints,
      outbase: tree.source,
      outdir: tree.out,
      // every import is external (rewriteImports): one output file per source file, not a bundle
      bundle: true,
      plugins: [this.rewriteImports()],
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      jsx: 'automatic',
      // workflow and activity functions are passed by name to Temporal
      keepNames: true,
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
    });
    return entryPoints.length;
  }

  /** Where a source file (or an extension-less module path) lands in the build. */
  private outputOf(file: string): string {
    const tree = this.trees.find((t) => isInside(file, t.source));
    if (!tree) throw new Error(`${file} is outside the repository and every plugin folder`);
    return path.join(tree.out, path.relative(tree.source, file)).replace(/\.tsx?$/, '.js');
  }

  /**
   * Leaves every import external, so each file compiles alone: packages as written, our own modules
   * (relative or aliased) as the relative path between the two compiled files.
   */
  private rewriteImports(): Plugin {
    return {
      name: 'plaudit-imports',
      setup: (b) => {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          const target = aliasTarget(args.path) ?? (args.path.startsWith('.') ? path.resolve(args.resolveDir, args.path) : undefined);
          if (!target) return { path: args.path, external: true };
          this.imported.add(target);
          let spec = path.relative(path.dirname(this.outputOf(args.importer)), this.outputOf(target));
          if (!spec.startsWith('.')) spec = `./${spec}`;
          return { path: spec.split(path.sep).join('/'), external: true };
        });
      },
    };
  }
}

function copyData(tree: Tree, files = walk(tree.source)) {
  for (const f of files.filter((f) => isData(f) || isBrowserSource(path.relative(tree.source, f)))) {
    const target = path.join(tree.out, path.relative(tree.source, f));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(f, target);
  }
}

const isInside = (file: string, dir: string) => !path.relative(dir, file).startsWith('..');

/** `@plaudit/kernel`, `@plaudit/kernel/workflow` and `@plaudit/contracts/*`: the modules they name. */
function aliasTarget(spec: string): string | undefined {
  if (spec.startsWith('@plaudit/contracts/')) return path.join(CONTRACTS_DIR, spec.slice('@plaudit/contracts/'.length));
  if (spec === '@plaudit/kernel/admin' || spec === '@plaudit/kernel/testing') throw new Error(`${spec} is not for server code`);
  const entry = KERNEL_ENTRIES[spec];
  return entry?.replace(/\.ts$/, '');
}

async function writeWorkflowBundle(config: Config, file: string): Promise<number> {
  // loaded here only: the worker module brings the whole kernel along
  const { bundleWorkflows } = await import('../workflows/worker');
  // the generated entry goes to a scratch folder, not the developer's DATA_DIR
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-build-'));
  try {
    const { code } = await bundleWorkflows({ ...config, dataDir: scratch });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, code);
    return Buffer.byteLength(code);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** What the compiled app requires at run time: the process entries, each plugin's sides, the migrations. */
export function runtimeModules(out: string): string[] {
  const plugins: DiscoveredPlugin[] = discoverPlugins([path.join(out, 'plugins')]);
  const sides = plugins.flatMap((p) => [p.sides.manifest, p.sides.api, p.sides.activities, p.sides.workflows, p.sides.cli]);
  const migrations = migrationFiles(path.join(out, 'migrations'), plugins).map((m) => m.file);
  return [path.join(out, 'api/server.js'), path.join(out, 'workflows/worker.js'), ...sides, ...migrations].filter((f): f is string => !!f);
}

/**
 * Requires every runtime module once, by plain node with TypeScript off. nodePath: where packages are
 * found for a build outside the repository; a test leaves it out to check against its own node_modules.
 */
export function checkLoads(out: string, nodePath?: string) {
  const modules = runtimeModules(out);
  const probe = 'for (const f of JSON.parse(process.argv[1])) require(f); process.exit(0);';
  try {
    const env = { ...process.env, NODE_OPTIONS: '', NODE_PATH: nodePath ?? '' };
    execFileSync(process.execPath, ['--no-experimental-strip-types', '-e', probe, JSON.stringify(modules)], {
      cwd: out,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (err) {
    throw new Error(`the build does not load with plain node:\n${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'dist' },
      'skip-workflows': { type: 'boolean', default: false },
      'skip-check': { type: 'boolean', default: false },
    },
  });
  const result = await buildProduction(path.resolve(values.out), {
    workflows: !values['skip-workflows'],
    check: !values['skip-check'],
    log: (line) => console.log(`[build] ${line}`),
  });
  const bundle = result.workflowBundleBytes ? `, workflow bundle ${(result.workflowBundleBytes / 1e6).toFixed(1)} MB` : '';
  console.log(
    `[build] ${result.files} files, ${result.plugins.length} plugins${bundle} in ${(result.ms / 1000).toFixed(1)} s: ${path.relative(process.cwd(), result.out) || '.'}`,
  );
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
