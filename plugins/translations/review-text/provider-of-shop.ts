// The shop's provider settings (sealed secrets opened) and its adapter. The self-hosted APy's address
// is the operator's configuration (APERTIUM_URL, `npm start` sets it), not the merchant's.
import { open, seal, secretBoxKey, type Config, type KernelServices } from '@plaudit/kernel';
import { providerFor, type ProviderConfig, type TranslationProvider } from '../providers';
import { DEFAULT_PROVIDER_SETTINGS, providerSettings, type ProviderSettings } from '../shared/provider-settings';

const SEALED = /^v\d+:/;

export function providerSettingsStore(services: KernelServices) {
  const ns = services.settings.namespace('translations', providerSettings, DEFAULT_PROVIDER_SETTINGS, { key: 'providers' });
  const key = services.config.encryptionKey ? secretBoxKey(services.config.encryptionKey) : undefined;
  const sealed = (s: string | undefined) => (s && key && !SEALED.test(s) ? seal(key, s) : s);
  const opened = (s: string) => (key && SEALED.test(s) ? open(key, s) : s);
  return {
    /** the settings with keys and tokens readable */
    async get(shopId: number): Promise<ProviderSettings> {
      const s = await ns.get(shopId);
      return {
        ...s,
        ...(s.deepl ? { deepl: { apiKey: opened(s.deepl.apiKey) } } : {}),
        ...(s.google ? { google: { ...s.google, accessToken: opened(s.google.accessToken) } } : {}),
        ...(s.libretranslate?.apiKey ? { libretranslate: { ...s.libretranslate, apiKey: opened(s.libretranslate.apiKey) } } : {}),
      };
    },
    /** stores a change, sealing new secrets */
    update: (shopId: number, patch: Partial<ProviderSettings>) =>
      ns.update(shopId, (current) => {
        const next = { ...current, ...patch };
        if (next.deepl) next.deepl = { apiKey: sealed(next.deepl.apiKey)! };
        if (next.google) next.google = { ...next.google, accessToken: sealed(next.google.accessToken)! };
        if (next.libretranslate?.apiKey) next.libretranslate = { ...next.libretranslate, apiKey: sealed(next.libretranslate.apiKey) };
        return next;
      }),
  };
}

/** The operator's part of a provider's configuration (the kernel's Config). */
export type OperatorConfig = Pick<Config, 'apertiumUrl'>;

/**
 * The configured provider, or null when it lacks its credentials. APy's URL: the operator's
 * APERTIUM_URL, else APy's default port; a shop's stored `apertium.url` (settable only past the
 * API: the wire tests' doubles) comes first.
 */
export function configOf(s: ProviderSettings, operator: OperatorConfig = {}): ProviderConfig | null {
  switch (s.provider) {
    case 'apertium': {
      const url = s.apertium?.url ?? operator.apertiumUrl;
      return { id: 'apertium', ...(url ? { url } : {}) };
    }
    case 'deepl':
      return s.deepl ? { id: 'deepl', apiKey: s.deepl.apiKey } : null;
    case 'google':
      return s.google ? { id: 'google', ...s.google } : null;
    case 'libretranslate':
      return s.libretranslate ? { id: 'libretranslate', ...s.libretranslate } : null;
  }
}

export async function providerOfShop(services: KernelServices, shopId: number): Promise<TranslationProvider | null> {
  const config = configOf(await providerSettingsStore(services).get(shopId), services.config);
  return config && providerFor(config, services.config.integrationsBaseUrl);
}
