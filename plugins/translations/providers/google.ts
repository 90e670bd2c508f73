// Google Cloud Translation v3 (README.md cites the documentation):
// `POST https://translation.googleapis.com/v3/projects/{project}/locations/global:translateText`
// with an OAuth bearer token, `{ contents: [...], targetLanguageCode, sourceLanguageCode?, mimeType }`,
// answered `{ translations: [{ translatedText, detectedLanguageCode }] }`; the languages from
// `GET .../locations/global/supportedLanguages`. Errors are `{ error: { code, message, status } }`;
// RESOURCE_EXHAUSTED (429) is either the per-minute rate or a spent quota.
import { vendorUrl } from '@plaudit/kernel';
import { baseOf, cachedList, call, failureOf, TranslationFailure, type TranslationProvider } from './provider';

export interface GoogleConfig {
  projectId: string;
  accessToken: string;
}

const API = 'https://translation.googleapis.com/v3';
// Google's codes are BCP-47 with its own spellings for a few ('zh-CN', 'pt' for Brazilian Portuguese)
const code = (lang: string) => (lang.toLowerCase() === 'pt-br' ? 'pt' : lang);

export function googleProvider({ projectId, accessToken }: GoogleConfig, emulatorBase?: string): TranslationProvider {
  const parent = `projects/${encodeURIComponent(projectId)}/locations/global`;
  const url = (path: string) => vendorUrl(`${API}/${parent}${path}`, emulatorBase);
  const headers = { authorization: `Bearer ${accessToken}` };
  // a daily quota spent says so in the message; a 429 without it is the per-minute rate
  const quota = (status: number, body: string) => status === 429 && /quota/i.test(body) && /per day|daily/i.test(body);

  const languages = cachedList(async () => {
    const res = await call('Google Cloud Translation', url('/supportedLanguages'), { headers });
    if (!res.ok) throw await failureOf(res, 'Google Cloud Translation', quota);
    const { languages: list } = (await res.json()) as { languages: { languageCode: string; supportTarget?: boolean; supportSource?: boolean }[] };
    return {
      target: new Set(list.filter((l) => l.supportTarget).map((l) => l.languageCode)),
      source: new Set(list.filter((l) => l.supportSource).map((l) => l.languageCode)),
    };
  });

  return {
    id: 'google',
    // Google: at most 1,024 strings and 30,000 code points a request recommended; 6,000,000 characters a minute
    limits: { charactersPerRequest: 30_000, textsPerRequest: 1024, requestsPerSecond: 10 },
    async supports(source, target) {
      const list = await languages();
      const has = (set: Set<string>, lang: string) => set.has(code(lang)) || set.has(baseOf(lang));
      return has(list.target, target) && (!source || has(list.source, source));
    },
    async translate({ texts, target, source }) {
      if (!(await this.supports(source, target))) throw new TranslationFailure('unsupported', `Google cannot translate ${source ?? 'auto'} into ${target}`);
      const res = await call('Google Cloud Translation', vendorUrl(`${API}/${parent}:translateText`, emulatorBase), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          contents: texts,
          targetLanguageCode: code(target),
          mimeType: 'text/plain',
          ...(source ? { sourceLanguageCode: code(source) } : {}),
        }),
      });
      if (!res.ok) throw await failureOf(res, 'Google Cloud Translation', quota);
      const { translations } = (await res.json()) as { translations: { translatedText: string; detectedLanguageCode?: string }[] };
      return translations.map((t) => ({ text: t.translatedText, ...(t.detectedLanguageCode ? { detectedSource: t.detectedLanguageCode } : {}) }));
    },
  };
}
