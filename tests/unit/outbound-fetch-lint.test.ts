// Issue 30.2: every fetch of a URL that came from outside goes through the kernel's outbound guard
// (api/http/outbound-fetch.ts: addresses checked for IP literals and names, every redirect checked,
// size and time capped). A plain `fetch` (called, or handed on as a value), or node's http(s) client
// (imported, or http(s).get / request) in server code is allowed only in the files below, each of
// which reaches a URL the operator configured or a vendor's fixed base URL, and only as many times
// as counted here: a new one, or one more in a listed file, fails until it goes through
// `outboundFetch` or is listed with its reason.
// Browser code (admin/, storefront/) and the operator's benchmark tools (bench/) are not our servers.
import fs from 'node:fs';
import path from 'node:path';
import { isAppCode, plugins, rel, ROOT, sourceFiles } from '../../tools/lint/files';

const ALLOWED: Record<string, { hits: number; why: string }> = {
  'api/http/outbound-fetch.ts': { hits: 2, why: "the guard itself: node's http and https clients, with the checked lookup" },
  'api/platform/shopify.ts': { hits: 1, why: "Shopify's own APIs (the Shopify library's calls and ours), or the configured emulator" },
  'api/runtime/apertium.ts': { hits: 1, why: 'the operator-configured APy server (APERTIUM_URL), a readiness probe' },
  'api/runtime/emulator.ts': { hits: 1, why: 'the configured Shopify emulator (SHOPIFY_EMULATOR_URL), development only' },
  'plugins/analytics/cli/index.ts': { hits: 1, why: "the operator's CLI calling this app's own API" },
  'plugins/imports/cli/index.ts': { hits: 2, why: "the operator's CLI calling this app's own API" },
  'plugins/insights/cli/index.ts': { hits: 1, why: "the operator's CLI calling this app's own API" },
  'plugins/dev-zone/api/index.ts': { hits: 1, why: 'the configured Shopify emulator (SHOPIFY_EMULATOR_URL)' },
  'plugins/review-requests/api/demo-requests.ts': { hits: 1, why: 'the configured Shopify emulator (SHOPIFY_EMULATOR_URL)' },
  'plugins/widgets/api/widget-routes.ts': { hits: 1, why: "this process's own listening socket (a form post replayed to our own route)" },
  'plugins/instagram/shared/client.ts': {
    hits: 2,
    why: "Graph API calls on Instagram's fixed hosts (vendorUrl); the media URLs in Graph's answers go through outboundFetch",
  },
  'plugins/integration-klaviyo/shared/klaviyo-api.ts': { hits: 2, why: "Klaviyo's fixed API URLs (vendorUrl)" },
  'plugins/integration-omnisend/activities/deliver.ts': { hits: 1, why: "Omnisend's fixed API URL (vendorUrl)" },
  'plugins/integration-omnisend/api/index.ts': { hits: 1, why: "Omnisend's fixed API URL (vendorUrl)" },
  'plugins/messaging/shared/twilio.ts': { hits: 3, why: "Twilio's fixed API URL (vendorUrl)" },
  'plugins/messaging/shared/whatsapp-cloud.ts': { hits: 2, why: "Meta's fixed Graph API URL (vendorUrl)" },
  'plugins/integration-smile/shared/client.ts': { hits: 2, why: "Smile's fixed API URL (vendorUrl)" },
  'plugins/integration-web-push/shared/client.ts': { hits: 2, why: "OneSignal's fixed API URL (vendorUrl)" },
  'plugins/syndication/shared/google-client.ts': { hits: 2, why: "Google's fixed OAuth token and Merchant API URLs (vendorUrl)" },
  'plugins/translations/providers/provider.ts': {
    hits: 1,
    why: "DeepL's and Google's fixed URLs, and the operator's APy/LibreTranslate servers (a merchant cannot set those URLs: provider-settings.ts)",
  },
  'plugins/public-api/api/v1/quick-start.ts': { hits: 1, why: "a code sample inside a string, run in the merchant's storefront" },
};

const RULES = [
  // fetch called: not a method (ctx.fetch, env.fetch), not part of a name or a path ('outbound-fetch')
  /(?<![\w$.'"`/-])fetch\s*\(/,
  // fetch handed on as a value: `?? fetch`, `= fetch`, `{ fetch: fetch }`, `(fetch)`
  /(?:\?\?|\|\||[=:(,])\s*fetch\s*(?:[,;)}]|$)/,
  /globalThis\.fetch\b/,
  // node's client, called or handed on, or imported at all (types aside): the guard is the one place that uses it
  /(?<![\w$.])https?\.(?:get|request)\b/,
  /^import\s+(?!type\b)[^;]*\bfrom\s+'(?:node:)?https?'/,
];

/** the lines of code that fetch without the guard (comments left out), 1-based */
function plainFetches(text: string): number[] {
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return [];
    const code = line.replace(/\s\/\/\s.*$/, '');
    return RULES.some((r) => r.test(code)) ? [i + 1] : [];
  });
}

const BROWSER_OR_TOOLS = /\/(admin|storefront|bench)\//;

function serverFiles(): string[] {
  const pluginFiles = plugins().flatMap((p) =>
    p.files.filter((f) => isAppCode(p, f) && !BROWSER_OR_TOOLS.test(path.relative(ROOT, f).replace(/^[^/]+\/[^/]+/, ''))),
  );
  const kernelFiles = sourceFiles(path.join(ROOT, 'api')).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f));
  return [...pluginFiles, ...kernelFiles];
}

test('the scan sees calls and values, not methods, names or comments', () => {
  expect(plainFetches("const res = await fetch(url, { redirect: 'follow' });")).toEqual([1]);
  expect(plainFetches('const ctx = { fetch: env.fetch ?? fetch };')).toEqual([1]);
  expect(plainFetches('const get = globalThis.fetch;\nconst send = secure ? https.request : http.request;\nhttp.get(url, cb);')).toEqual([1, 2, 3]);
  expect(plainFetches("import http from 'node:http';\nimport https from 'https';\nimport type { IncomingMessage } from 'node:http';")).toEqual([1, 2]);
  expect(plainFetches("await ctx.fetch(url);\nimport { outboundFetch } from '../http/outbound-fetch';\nfetch?: typeof fetch;")).toEqual([]);
  expect(plainFetches('// fetch(url) is not used here\n * then fetch(it)\nconst a = 1; // fetch(later)')).toEqual([]);
});

test('outside URLs are fetched only through outboundFetch (plain fetch only in the listed files, as often as listed)', () => {
  const found: Record<string, number> = {};
  for (const file of serverFiles()) {
    const hits = plainFetches(fs.readFileSync(file, 'utf8')).length;
    if (hits) found[rel(file)] = hits;
  }
  // a listed file that no longer fetches is taken off the list too, so the list stays true; a listed
  // file of a plugin this tree does not have (the removal test's copies) is not expected
  const present = Object.entries(ALLOWED).filter(([file]) => fs.existsSync(path.join(ROOT, file)));
  const expected = Object.fromEntries(present.map(([file, { hits }]) => [file, hits]));
  expect(found).toEqual(expected);
});

test('every listed file says why', () => {
  expect(Object.entries(ALLOWED).filter(([, { why }]) => why.length < 20)).toEqual([]);
});
