// A storefront script bundled for browsers: one file's imports in a minified IIFE (ES2020), as the
// questions block and the video upload serve theirs (the widgets' build script, also run alone by
// `npm run build:extension` and the static tests, keeps its own call rather than load the kernel). esbuild is loaded with the first
// bundle: a process that never serves one (a worker, most test files' APIs) does not load it.
export async function bundleForBrowser(entry: string): Promise<Buffer> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return Buffer.from(out.outputFiles[0].contents);
}
