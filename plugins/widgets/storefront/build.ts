// Builds the widget scripts (vanilla TS, no dependencies) with esbuild: minified IIFEs, content-hashed
// for the API (/storefront/assets/<name>.<hash>.js, immutable) and written under their plain names
// into the theme app extension's assets (`npm run build:extension`), where Shopify versions them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const SCRIPT_NAMES = ['review-box', 'submit-form', 'carousel', 'popup', 'sidebar', 'loader', 'upsell'] as const;
export type ScriptName = (typeof SCRIPT_NAMES)[number];
export const EXTENSION_ASSETS = path.resolve(__dirname, '../../../extensions/plaudit-reviews/assets');
/** Shopify's suggested limit per JavaScript file, compressed. */
export const BUDGET_BYTES = 10_000;

export interface BuiltScript {
  name: ScriptName;
  hash: string;
  /** `<name>.<hash>.js` */
  file: string;
  code: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export async function buildScript(name: ScriptName): Promise<BuiltScript> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.join(__dirname, `${name}.ts`)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = Buffer.from(out.outputFiles[0].contents);
  const hash = crypto.createHash('sha256').update(code).digest('hex').slice(0, 12);
  return {
    name,
    hash,
    file: `${name}.${hash}.js`,
    code,
    gzip: zlib.gzipSync(code, { level: 9 }),
    br: zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length } }),
  };
}

export async function buildScripts(): Promise<Map<ScriptName, BuiltScript>> {
  const built = await Promise.all(SCRIPT_NAMES.map(buildScript));
  return new Map(built.map((b) => [b.name, b]));
}

let once: Promise<Map<ScriptName, BuiltScript>> | undefined;
/** Built once per process, by the first request that needs them (a failed build is tried again by the next). */
export function widgetScripts(): Promise<Map<ScriptName, BuiltScript>> {
  once ??= buildScripts();
  once.catch(() => (once = undefined));
  return once;
}

/** Writes <name>.js for each script into the extension's assets; returns the files written. */
export async function writeExtensionAssets(dir = EXTENSION_ASSETS): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const s of (await buildScripts()).values()) {
    const file = path.join(dir, `${s.name}.js`);
    fs.writeFileSync(file, s.code);
    files.push(file);
  }
  return files;
}

if (require.main === module) {
  writeExtensionAssets().then(
    (files) => console.log(files.map((f) => `wrote ${path.relative(process.cwd(), f)}`).join('\n')),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
