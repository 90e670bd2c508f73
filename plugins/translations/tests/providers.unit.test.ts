// The four translation providers' wire formats: DeepL and Google Cloud Translation v3 against their
// doubles in the integrations emulator (documented request and response shapes, quota and rate
// errors), LibreTranslate and Apertium APy against local doubles of their self-hosted servers.
// Every failure reaches the caller as one TranslationFailure kind, which decides what the shopper
// sees (an outage: the original).
import { startIntegrationsEmulator, type RunningIntegrationsEmulator } from '@plaudit/kernel/testing';
import { providerFor, TranslationFailure, type FailureKind } from '../providers';
import { apertiumDouble, type Double, libreTranslateDouble } from './self-hosted-doubles';

let vendors: RunningIntegrationsEmulator;
beforeAll(async () => {
  vendors = await startIntegrationsEmulator({ port: 0 });
});
afterAll(() => vendors.stop());
beforeEach(() => vendors.control('all', 'reset'));

const failureKind = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof TranslationFailure ? e.kind : `other: ${(e as Error).message}`),
  ) as Promise<FailureKind | 'none' | string>;
let n = 0;
const uniq = (s: string) => `${s}-${++n}-${Date.now()}`;

describe('DeepL', () => {
  test('POST /v2/translate with DeepL-Auth-Key, JSON text[] and target_lang; detected_source_language read back', async () => {
    const apiKey = `${uniq('k')}:fx`;
    vendors.control('deepl', 'key', { key: apiKey });
    const deepl = providerFor({ id: 'deepl', apiKey }, vendors.url);
    const out = await deepl.translate({ texts: ['El producto es muy bueno', 'La taza es bonita'], target: 'en' });
    expect(out).toEqual([
      { text: '[EN-US] El producto es muy bueno', detectedSource: 'es' },
      { text: '[EN-US] La taza es bonita', detectedSource: 'es' },
    ]);
    const sent = vendors.received.filter((r) => r.vendor === 'deepl' && r.path === '/v2/translate');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      host: 'api-free.deepl.com',
      method: 'POST',
      headers: expect.objectContaining({ authorization: `DeepL-Auth-Key ${apiKey}` }),
    });
    expect(JSON.parse(sent[0].body)).toEqual({ text: ['El producto es muy bueno', 'La taza es bonita'], target_lang: 'EN-US' });
    // a known source is sent as source_lang
    await deepl.translate({ texts: ['Sehr gut'], target: 'es', source: 'de' });
    expect(JSON.parse(vendors.received.at(-1)!.body)).toEqual({ text: ['Sehr gut'], target_lang: 'ES', source_lang: 'DE' });
  });

  test('a language DeepL does not list is unavailable, never faked; 456 is the spent quota, 429 a rate limit, 403 a refused key', async () => {
    const apiKey = `${uniq('k')}:fx`;
    vendors.control('deepl', 'key', { key: apiKey, limit: 30 });
    const deepl = providerFor({ id: 'deepl', apiKey }, vendors.url);
    expect(await deepl.supports('es', 'hi')).toBe(false);
    expect(await deepl.supports('es', 'de')).toBe(true);
    expect(await failureKind(deepl.translate({ texts: ['hola'], target: 'hi' }))).toBe('unsupported');
    expect(vendors.received.filter((r) => r.path === '/v2/translate')).toHaveLength(0);
    vendors.control('deepl', 'throttle', { count: 1 });
    const busy = await deepl.translate({ texts: ['hola'], target: 'en' }).catch((e: TranslationFailure) => e);
    expect(busy).toMatchObject({ kind: 'rate-limited', retryAfterMs: 1000 });
    expect(await failureKind(deepl.translate({ texts: ['x'.repeat(31)], target: 'en' }))).toBe('quota-exceeded');
    expect(vendors.received.at(-1)).toMatchObject({ status: 456 });
    expect(await failureKind(providerFor({ id: 'deepl', apiKey: 'wrong:fx' }, vendors.url).translate({ texts: ['hola'], target: 'en' }))).toBe('credentials');
  });
});

describe('Google Cloud Translation v3', () => {
  test('POST projects/{project}/locations/global:translateText with contents and targetLanguageCode; detectedLanguageCode read back', async () => {
    const project = uniq('shop-project');
    const accessToken = uniq('ya29');
    vendors.control('google-translate', 'token', { token: accessToken, project });
    const google = providerFor({ id: 'google', projectId: project, accessToken }, vendors.url);
    expect(await google.supports(undefined, 'vi')).toBe(true);
    expect(await google.supports(undefined, 'xx')).toBe(false);
    const out = await google.translate({ texts: ['Das ist sehr gut'], target: 'en' });
    expect(out).toEqual([{ text: '[en] Das ist sehr gut', detectedSource: 'de' }]);
    const sent = vendors.received.find((r) => r.vendor === 'google-translate' && r.method === 'POST')!;
    expect(sent).toMatchObject({
      host: 'translation.googleapis.com',
      path: `/v3/projects/${project}/locations/global:translateText`,
      headers: expect.objectContaining({ authorization: `Bearer ${accessToken}` }),
    });
    expect(JSON.parse(sent.body)).toEqual({ contents: ['Das ist sehr gut'], targetLanguageCode: 'en', mimeType: 'text/plain' });
  });

  test('a per-minute 429 is a rate limit, the daily quota spent is quota-exceeded, a bad token is refused', async () => {
    const project = uniq('p');
    const accessToken = uniq('ya29');
    vendors.control('google-translate', 'token', { token: accessToken, project });
    const google = providerFor({ id: 'google', projectId: project, accessToken }, vendors.url);
    vendors.control('google-translate', 'throttle', { count: 1 });
    expect(await failureKind(google.translate({ texts: ['hola'], target: 'en' }))).toBe('rate-limited');
    vendors.control('google-translate', 'quota', { project, charactersPerDay: 10 });
    expect(await failureKind(google.translate({ texts: ['una reseña larga'], target: 'en' }))).toBe('quota-exceeded');
    expect(
      await failureKind(providerFor({ id: 'google', projectId: project, accessToken: 'nope' }, vendors.url).translate({ texts: ['hola'], target: 'en' })),
    ).toBe('credentials');
  });
});

describe('self-hosted servers', () => {
  let libre: Double;
  let apy: Double;
  beforeAll(async () => {
    [libre, apy] = await Promise.all([libreTranslateDouble('lt-key'), apertiumDouble()]);
  });
  afterAll(async () => {
    await Promise.all([libre.stop(), apy.stop()]);
  });

  test('LibreTranslate: POST /translate { q, source: auto, target, format, api_key }; its languages decide', async () => {
    const lt = providerFor({ id: 'libretranslate', url: libre.url, apiKey: 'lt-key' });
    expect(await lt.translate({ texts: ['Muy bueno'], target: 'en' })).toEqual([{ text: '[en] Muy bueno', detectedSource: 'es' }]);
    expect(JSON.parse(libre.requests.find((r) => r.path === '/translate')!.body)).toEqual({
      q: ['Muy bueno'],
      source: 'auto',
      target: 'en',
      format: 'text',
      api_key: 'lt-key',
    });
    expect(await lt.supports('es', 'de')).toBe(false);
    expect(await failureKind(lt.translate({ texts: ['x'], target: 'de', source: 'es' }))).toBe('unsupported');
    expect(
      await failureKind(providerFor({ id: 'libretranslate', url: libre.url, apiKey: 'bad' }).translate({ texts: ['x'], target: 'en', source: 'es' })),
    ).toBe('credentials');
  });

  test('Apertium APy: /listPairs in ISO 639-3, /translate langpair=spa|eng as a form POST; no source language, no translation', async () => {
    const apertium = providerFor({ id: 'apertium', url: apy.url });
    expect(await apertium.supports('es', 'en')).toBe(true);
    expect(await apertium.supports('es', 'de')).toBe(false);
    expect(await apertium.supports(undefined, 'en')).toBe(false);
    expect(await apertium.translate({ texts: ['Muy bueno'], target: 'en', source: 'es' })).toEqual([{ text: '[eng] Muy bueno' }]);
    const sent = apy.requests.find((r) => r.path === '/translate')!;
    expect(sent.type).toMatch(/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ langpair: 'spa|eng', q: 'Muy bueno', markUnknown: 'no' });
    apy.down = true;
    expect(await failureKind(apertium.translate({ texts: ['Muy bueno'], target: 'en', source: 'es' }))).toBe('unavailable');
    apy.down = false;
  });

  test('a server that is not there is an outage ("unavailable"), not an error page', async () => {
    const nowhere = providerFor({ id: 'apertium', url: 'http://127.0.0.1:9' });
    expect(await failureKind(nowhere.supports('es', 'en'))).toBe('unavailable');
  });
});
