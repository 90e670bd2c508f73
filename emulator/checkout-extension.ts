// The app's checkout UI extension (extensions/plaudit-review-channel) as Shopify builds and serves it:
// each [[extensions.targeting]] module of its shopify.extension.toml bundled with esbuild (Preact's
// automatic JSX, as the CLI's template configures it) into an ES module whose default export the
// host calls, its settings' values and its locales/ for `shopify.i18n`. The host that runs it in the
// checkout pages' sandbox is checkout-host.ts, bundled here too. Rebuilt when a source changes.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

export const CHECKOUT_EXTENSION_DIR = path.resolve(__dirname, '../extensions/plaudit-review-channel');
export const THANK_YOU_TARGET = 'purchase.thank-you.block.render';
export const ORDER_STATUS_TARGET = 'customer-account.order-status.block.render';

/**
 * `@shopify/ui-extensions/preact` only hands Preact's Signal class to the host (`shopify._Signal`), so
 * the host's values re-render the extension when they change. The emulator's values are fixed for a
 * page (plain SubscribableSignalLike objects), so the import resolves to nothing here.
 */
const signalsBridge: Plugin = {
  name: 'ui-extensions-preact',
  setup(b) {
    b.onResolve({ filter: /^@shopify\/ui-extensions\/preact$/ }, () => ({ path: 'ui-extensions-preact', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: '', loader: 'js' }));
  },
};

/** The targets and their modules, from the extension's TOML (`[[extensions.targeting]]` tables). */
export function extensionTargets(dir = CHECKOUT_EXTENSION_DIR): Record<string, string> {
  const toml = fs.readFileSync(path.join(dir, 'shopify.extension.toml'), 'utf8');
  const targets: Record<string, string> = {};
  for (const table of toml.split(/^\[\[extensions\.targeting\]\]\s*$/m).slice(1)) {
    const module = /^module\s*=\s*"([^"]+)"/m.exec(table)?.[1];
    const target = /^target\s*=\s*"([^"]+)"/m.exec(table)?.[1];
    if (module && target) targets[target] = module;
  }
  return targets;
}

const newest = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = path.join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);

export class CheckoutExtension {
  private built = new Map<string, { mtimeMs: number; code: Promise<string> }>();

  constructor(readonly dir = CHECKOUT_EXTENSION_DIR) {}

  /** The bundled module of a target, as `shopify app deploy` would ship it (unminified here). */
  module(target: string): Promise<string> | undefined {
    const entry = extensionTargets(this.dir)[target];
    if (!entry) return undefined;
    return this.cached(`target:${target}`, newest(path.join(this.dir, 'src')), () =>
      bundle({ entryPoints: [path.join(this.dir, entry)], format: 'esm', jsx: 'automatic', jsxImportSource: 'preact', plugins: [signalsBridge] }),
    );
  }

  /** The sandbox's host (checkout-host.ts) as a classic script. */
  host(): Promise<string> {
    const file = path.join(__dirname, 'checkout-host.ts');
    return this.cached('host', fs.statSync(file).mtimeMs, () => bundle({ entryPoints: [file], format: 'iife' }));
  }

  /** locales/<language>.json, else the default locale's file (Shopify's fallback for extensions). */
  strings(language: string): Record<string, unknown> {
    const dir = path.join(this.dir, 'locales');
    const files = fs.readdirSync(dir);
    const file = files.find((f) => f === `${language}.json`) ?? files.find((f) => f.endsWith('.default.json'));
    return file ? JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) : {};
  }

  private cached(key: string, mtimeMs: number, make: () => Promise<string>): Promise<string> {
    const hit = this.built.get(key);
    if (hit && hit.mtimeMs === mtimeMs) return hit.code;
    const code = make();
    code.catch(() => this.built.delete(key));
    this.built.set(key, { mtimeMs, code });
    return code;
  }
}

async function bundle(o: Parameters<typeof build>[0]): Promise<string> {
  const out = await build({ ...o, bundle: true, write: false, target: ['es2020'], legalComments: 'none', logLevel: 'silent' });
  return out.outputFiles![0].text;
}
