// The block's script (storefront/questions.ts: plain TypeScript, no framework), built once per
// process with esbuild into a minified IIFE and served through the app proxy.
import crypto from 'node:crypto';
import path from 'node:path';
import { bundleForBrowser } from '@plaudit/kernel';

export interface BuiltScript {
  code: Buffer;
  hash: string;
}

let once: Promise<BuiltScript> | undefined;

export function blockScript(): Promise<BuiltScript> {
  once ??= bundleForBrowser(path.resolve(__dirname, '../storefront/questions.ts')).then((code) => ({
    code,
    hash: crypto.createHash('sha256').update(code).digest('hex').slice(0, 12),
  }));
  once.catch(() => (once = undefined));
  return once;
}
