// DeepL API v2 as the translations plugin calls it (deepl.md cites the documentation): hosts
// api.deepl.com (Pro) and api-free.deepl.com (Free keys end in ':fx'), `Authorization:
// DeepL-Auth-Key <key>`, `POST /v2/translate` with a JSON or form body, `GET /v2/languages`,
// `GET /v2/usage`, the character quota answered 456, 429 when busy, `{ message }` error bodies.
import type { Vendor, VendorAnswer, VendorRequest } from './types';
import { characters, fakeTranslation, guessLanguage } from './machine-translation';

/** DeepL's target languages (deepl.md: the snapshot the double keeps; Hindi and Vietnamese absent). */
const TARGETS = [
  'AR',
  'BG',
  'CS',
  'DA',
  'DE',
  'EL',
  'EN-GB',
  'EN-US',
  'ES',
  'ET',
  'FI',
  'FR',
  'HU',
  'ID',
  'IT',
  'JA',
  'KO',
  'LT',
  'LV',
  'NB',
  'NL',
  'PL',
  'PT-BR',
  'PT-PT',
  'RO',
  'RU',
  'SK',
  'SL',
  'SV',
  'TR',
  'UK',
  'ZH',
];
const SOURCES = [
  'AR',
  'BG',
  'CS',
  'DA',
  'DE',
  'EL',
  'EN',
  'ES',
  'ET',
  'FI',
  'FR',
  'HU',
  'ID',
  'IT',
  'JA',
  'KO',
  'LT',
  'LV',
  'NB',
  'NL',
  'PL',
  'PT',
  'RO',
  'RU',
  'SK',
  'SL',
  'SV',
  'TR',
  'UK',
  'ZH',
];
/** DeepL API Free: 500,000 characters a month. */
export const DEEPL_FREE_CHARACTERS = 500_000;
const MAX_TEXTS = 50;

const message = (status: number, text: string, headers?: Record<string, string>): VendorAnswer => ({
  status,
  body: { message: text },
  ...(headers ? { headers } : {}),
});

/** The body's parameters: JSON (`text` an array) or form-encoded (`text` repeated). */
function paramsOf(req: VendorRequest): { text: unknown; target_lang?: unknown; source_lang?: unknown } | undefined {
  const type = req.headers['content-type'] ?? '';
  if (/^application\/json/i.test(type)) {
    try {
      return JSON.parse(req.body || '{}');
    } catch {
      return undefined;
    }
  }
  const form = new URLSearchParams(req.body);
  return { text: form.getAll('text'), target_lang: form.get('target_lang') ?? undefined, source_lang: form.get('source_lang') ?? undefined };
}

export function deepl(): Vendor {
  /** key -> characters used this period and its limit */
  const keys = new Map<string, { used: number; limit: number }>();
  let throttled = 0;

  const keyOf = (req: VendorRequest) => /^DeepL-Auth-Key\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

  function translate(req: VendorRequest, account: { used: number; limit: number }): VendorAnswer {
    const p = paramsOf(req);
    if (!p) return message(400, 'Bad request. Reason: Invalid JSON body');
    if (!Array.isArray(p.text) || !p.text.length || p.text.some((t) => typeof t !== 'string')) return message(400, "Parameter 'text' not specified.");
    if (p.text.length > MAX_TEXTS) return message(413, 'Request Entity Too Large');
    const target = typeof p.target_lang === 'string' ? p.target_lang.toUpperCase() : '';
    if (!target) return message(400, "Value for 'target_lang' not specified.");
    if (!TARGETS.includes(target)) return message(400, `Value for 'target_lang' not supported.`);
    const source = typeof p.source_lang === 'string' ? p.source_lang.toUpperCase() : undefined;
    if (source && !SOURCES.includes(source)) return message(400, `Value for 'source_lang' not supported.`);
    const count = characters(p.text as string[]);
    if (account.used + count > account.limit) return message(456, 'Quota Exceeded');
    account.used += count;
    return {
      status: 200,
      body: {
        translations: (p.text as string[]).map((t) => ({
          detected_source_language: source ?? guessLanguage(t).toUpperCase(),
          text: fakeTranslation(t, target),
        })),
      },
    };
  }

  return {
    name: 'deepl',
    hosts: ['api.deepl.com', 'api-free.deepl.com'],
    handle(req) {
      const key = keyOf(req);
      const account = key ? keys.get(key) : undefined;
      if (!key || !account) return message(403, 'Authorization failure, check authentication key');
      // a Free key only works on the Free host and a Pro key only on the Pro one
      if (key.endsWith(':fx') !== (req.host === 'api-free.deepl.com'))
        return message(403, `Wrong endpoint. Use https://${key.endsWith(':fx') ? 'api-free' : 'api'}.deepl.com`);
      if (throttled > 0) {
        throttled--;
        return message(429, 'Too many requests, DeepL servers are currently experiencing high load', { 'retry-after': '1' });
      }
      if (req.method === 'POST' && req.path === '/v2/translate') return translate(req, account);
      if (req.method === 'GET' && req.path === '/v2/languages') {
        const target = req.query.get('type') === 'target';
        return {
          status: 200,
          body: (target ? TARGETS : SOURCES).map((language) => ({ language, name: language, ...(target ? { supports_formality: false } : {}) })),
        };
      }
      if (req.method === 'GET' && req.path === '/v2/usage') return { status: 200, body: { character_count: account.used, character_limit: account.limit } };
      return message(404, 'Not found');
    },
    control: {
      /** a valid key with its monthly character limit (Free: 500,000) */
      key: ({ key, limit }: { key: string; limit?: number }) => void keys.set(key, { used: 0, limit: limit ?? DEEPL_FREE_CHARACTERS }),
      /** the next `count` requests are answered 429 */
      throttle: ({ count }: { count: number }) => void (throttled = count),
      /** characters a key has used */
      usage: ({ key }: { key: string }) => keys.get(key) ?? null,
    },
    reset() {
      keys.clear();
      throttled = 0;
    },
  };
}
