// The upload script, bundled once per process by esbuild (tus-js-client and storefront/upload.ts) and
// served with its hash as ETag. Only the review page with a video field loads it.
import crypto from 'node:crypto';
import path from 'node:path';
import { bundleForBrowser } from '@plaudit/kernel';

let once: Promise<{ code: string; etag: string }> | undefined;

export function uploadScript() {
  once ??= bundleForBrowser(path.join(__dirname, '../storefront/upload.ts')).then((bytes) => {
    const code = bytes.toString('utf8');
    return { code, etag: `"${crypto.createHash('sha256').update(code).digest('hex').slice(0, 16)}"` };
  });
  once.catch(() => (once = undefined));
  return once;
}
