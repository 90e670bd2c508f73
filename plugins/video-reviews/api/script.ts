// The upload script, bundled once per process by esbuild (tus-js-client and storefront/upload.ts) and
// served with its hash as ETag. Only the review page with a video field loads it.
import crypto from 'node:crypto';
import path from 'node:path';

let once: Promise<{ code: string; etag: string }> | undefined;

export function uploadScript() {
  // esbuild is loaded with the first request for the script: most processes never serve it
  once ??= import('esbuild').then(({ build }) =>
    build({
      entryPoints: [path.join(__dirname, '../storefront/upload.ts')],
      bundle: true,
      minify: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    }).then((out) => {
      const code = out.outputFiles[0].text;
      return { code, etag: `"${crypto.createHash('sha256').update(code).digest('hex').slice(0, 16)}"` };
    }),
  );
  once.catch(() => (once = undefined));
  return once;
}
