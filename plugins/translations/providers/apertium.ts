// Apertium's APy server, the embedded default (README.md cites the documentation): rule-based
// pairs installed as Debian packages (apertium-en-es, apertium-fr-es ...), no key. `GET /listPairs`
// answers `{ responseData: [{ sourceLanguage: 'spa', targetLanguage: 'eng' }], responseStatus: 200 }`;
// `/translate` with `langpair=spa|eng&q=...` (GET or form POST) answers
// `{ responseData: { translatedText }, responseStatus: 200 }`; a pair it does not have is 400.
// Apertium names languages in ISO 639-3 and needs the source language: it detects nothing, so the
// review's stored language is what it translates from.
import { baseOf, cachedList, call, failureOf, TranslationFailure, type TranslationProvider } from './provider';

export interface ApertiumConfig {
  url: string;
}

/** APy's default port (apertium-apy's `-p`, 2737). */
export const APERTIUM_DEFAULT_URL = 'http://127.0.0.1:2737';

const ISO3: Record<string, string> = {
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  it: 'ita',
  ca: 'cat',
  pt: 'por',
  de: 'deu',
  nl: 'nld',
  hi: 'hin',
  ja: 'jpn',
  ko: 'kor',
  vi: 'vie',
  oc: 'oci',
  gl: 'glg',
  eu: 'eus',
  ro: 'ron',
  an: 'arg',
  ar: 'ara',
};
const iso3 = (lang: string) => ISO3[baseOf(lang)] ?? baseOf(lang);

export function apertiumProvider({ url }: ApertiumConfig = { url: APERTIUM_DEFAULT_URL }): TranslationProvider {
  const base = url.replace(/\/$/, '');
  const pairs = cachedList(async () => {
    const res = await call('Apertium', `${base}/listPairs`);
    if (!res.ok) throw await failureOf(res, 'Apertium');
    const { responseData } = (await res.json()) as { responseData: { sourceLanguage: string; targetLanguage: string }[] };
    return new Set(responseData.map((p) => `${p.sourceLanguage}|${p.targetLanguage}`));
  });

  return {
    id: 'apertium',
    // a local process: one text a request, paced so a bulk run leaves the storefront's requests room
    limits: { charactersPerRequest: 10_000, textsPerRequest: 1, requestsPerSecond: 5 },
    async supports(source, target) {
      return !!source && (await pairs()).has(`${iso3(source)}|${iso3(target)}`);
    },
    async translate({ texts, target, source }) {
      if (!source || !(await this.supports(source, target))) throw new TranslationFailure('unsupported', `Apertium has no pair ${source ?? '?'} -> ${target}`);
      const langpair = `${iso3(source)}|${iso3(target)}`;
      const out = [];
      for (const q of texts) {
        // markUnknown=no: no '*' before the words the dictionary lacks (shoppers read this text)
        const res = await call('Apertium', `${base}/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ langpair, q, markUnknown: 'no' }).toString(),
        });
        if (!res.ok) throw await failureOf(res, 'Apertium');
        const body = (await res.json()) as { responseData?: { translatedText?: string }; responseStatus?: number };
        if (typeof body.responseData?.translatedText !== 'string')
          throw new TranslationFailure('rejected', `Apertium answered ${JSON.stringify(body).slice(0, 200)}`);
        out.push({ text: body.responseData.translatedText });
      }
      return out;
    },
  };
}
