// One configuration for Shopify (api version, scopes, credentials), and the only place that knows
// about the store emulator: it rewrites https://<shop>.myshopify.com/... to the emulator's
// /shops/<shop>/... so the same adapter code runs against Shopify and against the emulator.
import '@shopify/shopify-api/adapters/node';
import { LogSeverity, shopifyApi, type ApiVersion, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import type { Config } from '../config';
import type { Logger } from '../log';

export type { Shopify };

let emulatorUrl: string | undefined;

export function rewriteForEmulator(url: string, emulator = emulatorUrl): string {
  if (!emulator) return url;
  const match = /^https:\/\/([a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com)(\/.*)?$/.exec(url);
  return match ? `${emulator}/shops/${match[1]}${match[2] ?? '/'}` : url;
}

/** fetch for every call to Shopify: the library's and our own. */
export const platformFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
  return fetch(rewriteForEmulator(url), init);
};

/** The URL a merchant's browser is sent to (OAuth consent, billing), rewritten like API calls. */
export function browserUrl(url: string): string {
  return rewriteForEmulator(url);
}

export function createShopify(config: Config, log: Logger): Shopify {
  const { apiKey, apiSecret, apiVersion, scopes } = config.shopify;
  if (!apiKey || !apiSecret) throw new Error('SHOPIFY_API_KEY and SHOPIFY_API_SECRET are needed for the store platform');
  emulatorUrl = config.shopify.emulatorUrl;
  setAbstractFetchFunc(platformFetch as never);
  const app = new URL(config.appUrl);
  return shopifyApi({
    apiKey,
    apiSecretKey: apiSecret,
    scopes,
    hostName: app.host,
    hostScheme: app.protocol === 'http:' ? 'http' : 'https',
    apiVersion: apiVersion as ApiVersion,
    isEmbeddedApp: true,
    logger: {
      level: LogSeverity.Warning,
      log: async (severity, message) => {
        if (severity <= LogSeverity.Error) log.error({ shopify: message });
        else log.debug({ shopify: message });
      },
    },
  });
}
