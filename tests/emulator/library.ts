// @shopify/shopify-api configured the way the app's adapter configures it, with a fetch override that
// rewrites https://<shop>.myshopify.com/... to the emulator: proof that the library accepts what
// the emulator answers.
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { API_KEY, API_SECRET, type TestEmulator } from './support';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export function rewrite(url: string, emulatorUrl: string): string {
  const m = /^https:\/\/([a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com)(\/.*)?$/.exec(url);
  return m ? `${emulatorUrl}/shops/${m[1]}${m[2] ?? '/'}` : url;
}

export function shopifyFor(t: TestEmulator, apiSecretKey = API_SECRET) {
  setAbstractFetchFunc(((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    return fetch(rewrite(url, t.em.url), init);
  }) as never);
  return shopifyApi({
    apiKey: API_KEY,
    apiSecretKey,
    scopes: ['read_products', 'read_orders', 'write_discounts'],
    hostName: new URL(t.app.url).host,
    hostScheme: 'http',
    apiVersion: ApiVersion.October25,
    isEmbeddedApp: true,
    logger: { level: LogSeverity.Error, log: async () => {} },
  });
}
