// The block's script (storefront/questions.ts: plain TypeScript, no framework), built once per
// process with esbuild into a minified IIFE and served through the app proxy.
import crypto from 'node:crypto';
import path from 'node:path';

export interface BuiltScript {
  code: Buffer;
  hash: string;
}

let once: Promise<BuiltScript> | undefined;

export function blockScript(): Promise<BuiltScript> {
  // esbuild is loaded with the first request for the script: most processes never serve it
  once ??= import('esbuild').then(({ build }) =>
    build({
      entryPoints: [path.resolve(__dirname, '../storefront/questions.ts')],
      bundle: true,
      minify: true,
      format: 'iife',
      target: ['es2020'],
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    }).then((out) => {
      const code = Buffer.from(out.outputFiles[0].contents);
      return { code, hash: crypto.createHash('sha256').update(code).digest('hex').slice(0, 12) };
    }),
  );
  once.catch(() => (once = undefined));
  return once;
}
