// The public API's per-shop settings (namespace 'public-api'): the origins of the shop's headless
// storefronts (Hydrogen and the like) whose browsers may call the storefront operations of
// /api/public/v1 (CORS). Keyed operations are server-to-server and never get CORS headers.
import { z } from 'zod';

const EXAMPLE = 'Enter an origin such as https://shop.example.com';

/** What is wrong with `v` as a browser origin, if anything. */
function originProblem(v: string): string | undefined {
  if (!URL.canParse(v)) return EXAMPLE;
  const u = new URL(v);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return EXAMPLE;
  if (u.protocol === 'http:' && !['localhost', '127.0.0.1'].includes(u.hostname)) return 'The origin must use https (http only for localhost)';
  if (u.pathname !== '/' || u.search || v.includes('#') || u.username || u.password)
    return 'An origin has no path, query or fragment: https://shop.example.com';
  return undefined;
}

const origin = z
  .string()
  .trim()
  .max(200)
  .superRefine((v, ctx) => {
    const problem = originProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => (originProblem(v) ? v : new URL(v).origin));

export const publicApiSettingsSchema = z.object({ headlessOrigins: z.array(origin).max(20) }).strict();
export type PublicApiSettings = z.output<typeof publicApiSettingsSchema>;
export const PUBLIC_API_SETTINGS_DEFAULTS: PublicApiSettings = { headlessOrigins: [] };
