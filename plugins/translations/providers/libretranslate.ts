// LibreTranslate, self-hosted (README.md cites the documentation): `POST <url>/translate` JSON
// `{ q, source ('auto' to detect), target, format: 'text', api_key? }`, answered
// `{ translatedText, detectedLanguage?: { confidence, language } }` (q may be an array: then
// translatedText is one too); the languages from `GET <url>/languages`
// (`[{ code, name, targets: [...] }]`); errors `{ error }` (400, 403 bad key, 429 slow down, 500).
import { baseOf, cachedList, call, failureOf, TranslationFailure, type TranslationProvider } from './provider';

export interface LibreTranslateConfig {
  url: string;
  apiKey?: string;
}

export function libreTranslateProvider({ url, apiKey }: LibreTranslateConfig): TranslationProvider {
  const base = url.replace(/\/$/, '');
  const languages = cachedList(async () => {
    const res = await call('LibreTranslate', `${base}/languages`);
    if (!res.ok) throw await failureOf(res, 'LibreTranslate');
    const list = (await res.json()) as { code: string; targets?: string[] }[];
    return new Map(list.map((l) => [l.code, new Set(l.targets ?? list.map((x) => x.code))]));
  });

  return {
    id: 'libretranslate',
    // the server's --char-limit and --req-limit decide; these are its defaults' safe side
    limits: { charactersPerRequest: 5_000, textsPerRequest: 20, requestsPerSecond: 1 },
    async supports(source, target) {
      const list = await languages();
      const t = baseOf(target);
      if (source) return !!list.get(baseOf(source))?.has(t);
      return [...list.values()].some((targets) => targets.has(t));
    },
    async translate({ texts, target, source }) {
      if (!(await this.supports(source, target)))
        throw new TranslationFailure('unsupported', `LibreTranslate cannot translate ${source ?? 'auto'} into ${target}`);
      const res = await call('LibreTranslate', `${base}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          q: texts,
          source: source ? baseOf(source) : 'auto',
          target: baseOf(target),
          format: 'text',
          ...(apiKey ? { api_key: apiKey } : {}),
        }),
      });
      if (!res.ok) throw await failureOf(res, 'LibreTranslate');
      const body = (await res.json()) as { translatedText: string | string[]; detectedLanguage?: { language: string } | { language: string }[] };
      const out = Array.isArray(body.translatedText) ? body.translatedText : [body.translatedText];
      const detected = Array.isArray(body.detectedLanguage) ? body.detectedLanguage : body.detectedLanguage ? [body.detectedLanguage] : [];
      return out.map((text, i) => ({ text, ...(detected[i]?.language ? { detectedSource: detected[i].language } : {}) }));
    },
  };
}
