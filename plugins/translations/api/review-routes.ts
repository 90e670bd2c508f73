// Review text translation for the merchant (second tier):
//   GET  /translations/access            { allowed, tier }: ungated, so the screen offers the upgrade
//                                        instead of being sent to the plan page by a 403
//   GET  /translations/provider          the shop's provider, its settings (secrets masked) and
//                                        which of the ten review languages it can translate into
//   PUT  /translations/provider          { provider, autoTranslate, deepl | google } (self-hosted servers: the operator's);
//                                        a key or token the provider refuses is not stored (400, its reason)
//   GET  /translations/reviews?ids=&lang= the reviews in `lang` (Manage reviews' "See translation")
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type AppState, type KernelServices, requiredTier, requireFeature } from '@plaudit/kernel';
import { providerFor, REVIEW_LANGUAGES, TranslationFailure } from '../providers';
import { configOf, providerSettingsStore } from '../review-text/provider-of-shop';
import { translateReviews } from '../review-text/translate-reviews';
import { providerSettingsInput, type ProviderSettings } from '../shared/provider-settings';

const MAX_IDS = 50;
const mask = (s: string | undefined) => (s ? `••••${s.slice(-4)}` : s);

function masked(s: ProviderSettings) {
  return {
    provider: s.provider,
    autoTranslate: s.autoTranslate,
    ...(s.deepl ? { deepl: { apiKey: mask(s.deepl.apiKey) } } : {}),
    ...(s.google ? { google: { projectId: s.google.projectId, accessToken: mask(s.google.accessToken) } } : {}),
    ...(s.libretranslate ? { libretranslate: { url: s.libretranslate.url, apiKey: mask(s.libretranslate.apiKey) } } : {}),
  };
}

/** The ten languages with whether the provider can translate into each (from some other of them). */
async function availability(services: KernelServices, s: ProviderSettings) {
  const config = configOf(s, services.config); // APy at the operator's APERTIUM_URL
  if (!config) return { reachable: false, languages: REVIEW_LANGUAGES.map((code) => ({ code, available: false })) };
  const provider = providerFor(config, services.config.integrationsBaseUrl);
  try {
    const languages = [];
    for (const code of REVIEW_LANGUAGES) {
      const sources = config.id === 'apertium' ? REVIEW_LANGUAGES.filter((l) => l !== code) : [undefined];
      let available = false;
      for (const source of sources) if (!available) available = await provider.supports(source, code);
      languages.push({ code, available });
    }
    return { reachable: true, languages };
  } catch {
    return { reachable: false, languages: REVIEW_LANGUAGES.map((code) => ({ code, available: false })) };
  }
}

const CREDENTIAL_FIELD = { deepl: ['deepl.apiKey', 'DeepL', 'key'], google: ['google.accessToken', 'Google Cloud Translation', 'access token'] } as const;

/** The vendor's own words from a failure ("DeepL answered 403: {"message":"..."}"), else the failure's. */
function vendorReason(failure: TranslationFailure): string {
  const body = failure.message.slice(failure.message.indexOf('{'));
  try {
    const parsed = JSON.parse(body) as { message?: string; error?: { message?: string } };
    return parsed.message ?? parsed.error?.message ?? failure.message;
  } catch {
    return failure.message;
  }
}

/** Asks the vendor with the new credentials; a refusal is the merchant's to correct, so it is a 400. */
async function checkCredentials(services: KernelServices, s: ProviderSettings) {
  const config = configOf(s);
  if (config?.id !== 'deepl' && config?.id !== 'google') return;
  try {
    await providerFor(config, services.config.integrationsBaseUrl).supports(undefined, 'en');
  } catch (err) {
    if (!(err instanceof TranslationFailure) || err.kind !== 'credentials') return; // an outage: saved, shown unreachable
    const [field, vendor, what] = CREDENTIAL_FIELD[config.id];
    const message = `${vendor} refused the ${what}: ${vendorReason(err)}`;
    throw createHttpError(400, message, { errors: { [field]: message } });
  }
}

export function reviewTranslationRoutes(services: KernelServices) {
  const store = providerSettingsStore(services);
  const router = new Router<AppState>({ prefix: '/translations' });
  const gate = requireFeature('reviewTranslation');

  router.get('/access', async (ctx) => {
    const shop = await services.shops.get(ctx.state.auth.shopId);
    ctx.body = { allowed: !!shop && services.shops.allows(shop, 'reviewTranslation'), tier: requiredTier('reviewTranslation') };
  });

  router.get('/provider', gate, async (ctx) => {
    const s = await store.get(ctx.state.auth.shopId);
    ctx.body = { ...masked(s), ...(await availability(services, s)) };
  });

  router.put('/provider', gate, async (ctx) => {
    const input = providerSettingsInput.partial().parse(ctx.request.body ?? {});
    const current = await store.get(ctx.state.auth.shopId);
    // a masked secret sent back unchanged keeps the stored one
    if (input.deepl?.apiKey.startsWith('••••') && current.deepl) input.deepl = current.deepl;
    if (input.google?.accessToken.startsWith('••••') && current.google) input.google = { ...input.google, accessToken: current.google.accessToken };
    const next = { ...current, ...input };
    if (!configOf(next)) throw createHttpError(400, 'Validation failed', { errors: { [next.provider]: 'This field is required' } });
    await checkCredentials(services, next);
    await store.update(ctx.state.auth.shopId, input);
    const s = await store.get(ctx.state.auth.shopId);
    ctx.body = { ...masked(s), ...(await availability(services, s)) };
  });

  router.get('/reviews', gate, async (ctx) => {
    const lang = String(ctx.query.lang ?? '');
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang)) throw createHttpError(400, 'Validation failed', { errors: { lang: 'Unknown language' } });
    const ids = String(ctx.query.ids ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0);
    if (!ids.length || ids.length > MAX_IDS) throw createHttpError(400, 'Validation failed', { errors: { ids: `1 to ${MAX_IDS} review ids` } });
    ctx.body = { items: await translateReviews(services, ctx.state.tenant, ids, lang) };
  });

  return router;
}
