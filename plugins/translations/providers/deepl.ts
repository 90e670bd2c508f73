// DeepL API v2 (README.md cites the documentation): `POST /v2/translate` with
// `Authorization: DeepL-Auth-Key <key>`, a JSON body `{ text: [...], target_lang, source_lang? }`,
// answered `{ translations: [{ detected_source_language, text }] }`; the target languages from
// `GET /v2/languages?type=target`. Free keys (suffix ':fx') use api-free.deepl.com. 456 is DeepL's
// "quota exceeded", 429 "too many requests".
import { vendorUrl } from '@plaudit/kernel';
import { baseOf, cachedList, call, failureOf, TranslationFailure, type TranslationProvider } from './provider';

export interface DeepLConfig {
  apiKey: string;
}

/** DeepL wants a variant for these targets ('EN' and 'PT' as targets are deprecated). */
const TARGET_VARIANT: Record<string, string> = { en: 'EN-US', pt: 'PT-PT', 'pt-br': 'PT-BR', 'en-gb': 'EN-GB', 'en-us': 'EN-US', 'pt-pt': 'PT-PT' };

export function deeplProvider({ apiKey }: DeepLConfig, emulatorBase?: string): TranslationProvider {
  const host = apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
  const url = (path: string) => vendorUrl(`${host}${path}`, emulatorBase);
  const headers = { authorization: `DeepL-Auth-Key ${apiKey}` };
  const targetCode = (lang: string) => TARGET_VARIANT[lang.toLowerCase()] ?? baseOf(lang).toUpperCase();

  const targets = cachedList(async () => {
    const res = await call('DeepL', url('/v2/languages?type=target'), { headers });
    if (!res.ok) throw await failureOf(res, 'DeepL', (s) => s === 456);
    const list = (await res.json()) as { language: string }[];
    return new Set(list.map((l) => l.language.toUpperCase()));
  });

  return {
    id: 'deepl',
    // DeepL: up to 50 texts and 128 KiB a request; no documented request rate, it answers 429 when busy
    limits: { charactersPerRequest: 30_000, textsPerRequest: 50, requestsPerSecond: 5 },
    async supports(_source, target) {
      const list = await targets();
      return list.has(targetCode(target)) || list.has(baseOf(target).toUpperCase());
    },
    async translate({ texts, target, source }) {
      if (!(await this.supports(source, target))) throw new TranslationFailure('unsupported', `DeepL cannot translate into ${target}`);
      const res = await call('DeepL', url('/v2/translate'), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ text: texts, target_lang: targetCode(target), ...(source ? { source_lang: baseOf(source).toUpperCase() } : {}) }),
      });
      if (!res.ok) throw await failureOf(res, 'DeepL', (s) => s === 456);
      const { translations } = (await res.json()) as { translations: { detected_source_language?: string; text: string }[] };
      return translations.map((t) => ({ text: t.text, ...(t.detected_source_language ? { detectedSource: t.detected_source_language.toLowerCase() } : {}) }));
    },
  };
}
