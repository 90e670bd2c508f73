// The provider a shop's configuration names (settings `translations.provider`), kept per configuration
// so a changed key takes effect at once. Apertium (self-hosted APy) is the default: no key, no cost.
import { apertiumProvider, APERTIUM_DEFAULT_URL } from './apertium';
import { deeplProvider } from './deepl';
import { googleProvider } from './google';
import { libreTranslateProvider } from './libretranslate';
import type { TranslationProvider } from './provider';

export type ProviderConfig =
  | { id: 'apertium'; url?: string }
  | { id: 'deepl'; apiKey: string }
  | { id: 'google'; projectId: string; accessToken: string }
  | { id: 'libretranslate'; url: string; apiKey?: string };

// one adapter per configuration, so each keeps its cached language list (a changed key is a new entry)
const made = new Map<string, TranslationProvider>();

/** `emulatorBase`: the integrations emulator (INTEGRATIONS_BASE_URL) for the hosted vendors. */
export function providerFor(config: ProviderConfig, emulatorBase?: string): TranslationProvider {
  const key = JSON.stringify([config, emulatorBase ?? null]);
  let provider = made.get(key);
  if (!provider) {
    if (made.size > 500) made.clear();
    made.set(key, (provider = make(config, emulatorBase)));
  }
  return provider;
}

function make(config: ProviderConfig, emulatorBase?: string): TranslationProvider {
  switch (config.id) {
    case 'deepl':
      return deeplProvider(config, emulatorBase);
    case 'google':
      return googleProvider(config, emulatorBase);
    case 'libretranslate':
      return libreTranslateProvider(config);
    case 'apertium':
      return apertiumProvider({ url: config.url ?? APERTIUM_DEFAULT_URL });
  }
}

export * from './provider';
export { APERTIUM_DEFAULT_URL };
