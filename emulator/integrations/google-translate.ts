// Google Cloud Translation v3 as the translations plugin calls it (google-translate.md cites the
// documentation): host translation.googleapis.com, an OAuth access token in `Authorization: Bearer`,
// `POST /v3/projects/{project}[/locations/{location}]:translateText`, `GET .../supportedLanguages`,
// `{ error: { code, message, status } }` bodies, the per-minute character rate and a daily quota
// answered 429 RESOURCE_EXHAUSTED.
import type { Vendor, VendorAnswer, VendorRequest } from './types';
import { characters, fakeTranslation, guessLanguage } from './machine-translation';

/** The languages the double offers (a subset of Google's ~190, all ten review languages among them). */
const LANGUAGES = ['ar', 'ca', 'de', 'en', 'es', 'fr', 'hi', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'pt-PT', 'ru', 'sv', 'tr', 'vi', 'zh-CN', 'zh-TW'];
/** Google's default quota: 6,000,000 characters a minute per project. */
const PER_MINUTE = 6_000_000;
const MAX_CONTENTS = 1024;

const error = (code: number, status: string, message: string): VendorAnswer => ({ status: code, body: { error: { code, message, status } } });
const quotaError = (project: string, limit: string) =>
  error(
    429,
    'RESOURCE_EXHAUSTED',
    `Quota exceeded for quota metric 'v3 Number of characters' and limit '${limit}' of service 'translate.googleapis.com' for consumer 'project:${project}'.`,
  );

export function googleTranslate(): Vendor {
  /** access token -> the project it may use */
  const tokens = new Map<string, string>();
  /** project -> characters a day it may translate (absent: unlimited) */
  const daily = new Map<string, { used: number; limit: number }>();
  const minutes = new Map<string, { minute: number; used: number }>();
  let throttled = 0;

  function translate(req: VendorRequest, project: string): VendorAnswer {
    let b: { contents?: unknown; targetLanguageCode?: unknown; sourceLanguageCode?: unknown; mimeType?: unknown };
    try {
      b = JSON.parse(req.body || '{}');
    } catch {
      return error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    if (!Array.isArray(b.contents) || !b.contents.length || b.contents.some((c) => typeof c !== 'string'))
      return error(400, 'INVALID_ARGUMENT', 'Empty contents.');
    if (b.contents.length > MAX_CONTENTS) return error(400, 'INVALID_ARGUMENT', 'Too many contents.');
    if (typeof b.targetLanguageCode !== 'string' || !b.targetLanguageCode) return error(400, 'INVALID_ARGUMENT', 'Target language code is required.');
    if (!LANGUAGES.includes(b.targetLanguageCode)) return error(400, 'INVALID_ARGUMENT', 'Target language is invalid.');
    if (b.sourceLanguageCode !== undefined && (typeof b.sourceLanguageCode !== 'string' || !LANGUAGES.includes(b.sourceLanguageCode)))
      return error(400, 'INVALID_ARGUMENT', 'Source language is invalid.');
    if (b.mimeType !== undefined && b.mimeType !== 'text/plain' && b.mimeType !== 'text/html') return error(400, 'INVALID_ARGUMENT', 'Unsupported mime type.');
    const count = characters(b.contents as string[]);
    const minute = Math.floor(Date.now() / 60_000);
    const m = minutes.get(project);
    const usedThisMinute = m?.minute === minute ? m.used : 0;
    if (usedThisMinute + count > PER_MINUTE) return quotaError(project, 'v3 Number of characters per minute');
    const day = daily.get(project);
    if (day && day.used + count > day.limit) return quotaError(project, 'v3 Number of characters per day');
    minutes.set(project, { minute, used: usedThisMinute + count });
    if (day) day.used += count;
    const target = b.targetLanguageCode;
    const source = b.sourceLanguageCode as string | undefined;
    // detectedLanguageCode only when no source was given (Google's Translation message)
    return {
      status: 200,
      body: {
        translations: (b.contents as string[]).map((t) => ({
          translatedText: fakeTranslation(t, target),
          ...(source ? {} : { detectedLanguageCode: guessLanguage(t) }),
        })),
      },
    };
  }

  return {
    name: 'google-translate',
    hosts: ['translation.googleapis.com'],
    handle(req) {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const allowed = token ? tokens.get(token) : undefined;
      if (!allowed)
        return error(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        );
      const m = /^\/v3\/projects\/([^/:]+)(?:\/locations\/([^/:]+))?(:translateText|\/supportedLanguages)$/.exec(req.path);
      if (!m) return error(404, 'NOT_FOUND', 'Requested entity was not found.');
      const [, project, location = 'global', method] = m;
      if (decodeURIComponent(project) !== allowed)
        return error(
          403,
          'PERMISSION_DENIED',
          `Permission 'cloudtranslate.generalModels.predict' denied on resource 'projects/${project}/locations/${location}' (or it may not exist).`,
        );
      if (throttled > 0) {
        throttled--;
        return quotaError(allowed, 'v3 Number of characters per minute');
      }
      if (method === ':translateText' && req.method === 'POST') return translate(req, allowed);
      if (method === '/supportedLanguages' && req.method === 'GET')
        return { status: 200, body: { languages: LANGUAGES.map((languageCode) => ({ languageCode, supportSource: true, supportTarget: true })) } };
      return error(404, 'NOT_FOUND', 'Requested entity was not found.');
    },
    control: {
      /** a valid access token for a project */
      token: ({ token, project }: { token: string; project: string }) => void tokens.set(token, project),
      /** a daily character quota for a project (spent: 429 '... per day') */
      quota: ({ project, charactersPerDay }: { project: string; charactersPerDay: number }) => void daily.set(project, { used: 0, limit: charactersPerDay }),
      /** the next `count` requests are answered 429 '... per minute' */
      throttle: ({ count }: { count: number }) => void (throttled = count),
    },
    reset() {
      tokens.clear();
      daily.clear();
      minutes.clear();
      throttled = 0;
    },
  };
}
