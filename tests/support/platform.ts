// The API wired to an in-process store emulator, as `npm start` does without Shopify credentials.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMULATOR_API_KEY, EMULATOR_API_SECRET, DEMO_SHOP, startEmulator } from '../../emulator';
import { startMarketplaceEmulator } from '../../emulator/marketplaces';
import { startIntegrationsEmulator } from '../../emulator/integrations';
import { FIRST_ID } from '../../emulator/ids';
import { createLogger } from '../../api/log';
import { installEmulatorShop } from '../../api/runtime/emulator';
import { startTestApi, tokenFor } from './api';

export { DEMO_SHOP, EMULATOR_API_KEY, EMULATOR_API_SECRET };

export async function startPlatformStack(overrides: Record<string, string> = {}) {
  // The emulator needs the app's URL before the app exists: its server listens first, on any free
  // port, and the API is served on it once started (no other process can take the port meanwhile).
  const server = await listeningServer();
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Every test file's emulator writes into the run's one database: each takes its own id range, or two
  // would hand out the same subscription, order and discount ids (a unique index refused the second).
  const firstId = FIRST_ID + BigInt(crypto.randomInt(2 ** 40)) * 2n ** 20n;
  const emulator = await startEmulator({
    port: 0,
    apiKey: EMULATOR_API_KEY,
    apiSecret: EMULATOR_API_SECRET,
    appUrl,
    // quick retries, then longer ones: an intake too busy to answer within Shopify's 5 s for a while
    // (a loaded CI machine) gets the delivery again for about a minute, as Shopify would for hours
    webhookRetryDelaysMs: [200, 400, 800, 1600, 5_000, 15_000, 30_000],
    firstId,
  });
  const marketplaces = await startMarketplaceEmulator({ port: 0 });
  const integrations = await startIntegrationsEmulator({ port: 0 });
  const api = await startTestApi(
    {
      SHOPIFY_API_KEY: EMULATOR_API_KEY,
      SHOPIFY_API_SECRET: EMULATOR_API_SECRET,
      SHOPIFY_EMULATOR_URL: emulator.url,
      MARKETPLACE_BASE_URL: marketplaces.url,
      INTEGRATIONS_BASE_URL: integrations.url,
      APP_URL: appUrl,
      ...overrides,
    },
    server,
  ).catch(async (err) => {
    server.close();
    await Promise.all([emulator.stop(), marketplaces.stop(), integrations.stop()]);
    throw err;
  });

  async function control<T = any>(path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${emulator.url}/_emulator${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`emulator ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  }

  return {
    api,
    emulator,
    /** AliExpress and Amazon (emulator/marketplaces), the API's MARKETPLACE_BASE_URL */
    marketplaces,
    /** the integrations' vendors (emulator/integrations), the API's INTEGRATIONS_BASE_URL */
    integrations,
    appUrl,
    control,
    /** What a process of the app (a worker, a second API) needs to reach this stack's store emulator. */
    processEnv: () => ({
      SHOPIFY_API_KEY: EMULATOR_API_KEY,
      SHOPIFY_API_SECRET: EMULATOR_API_SECRET,
      SHOPIFY_EMULATOR_URL: emulator.url,
      APP_URL: appUrl,
    }),
    /**
     * A new emulated shop seeded like the demo shop (its first 6 products unless told), installed through token exchange.
     * `ordersBeforeInstall`: more orders of today, placed before the install, so no webhook tells the app of them.
     */
    async installShop(o: { products?: number; ordersBeforeInstall?: number } = {}): Promise<{ domain: string; shop: any; appToken: string }> {
      const domain = `plaudit-${crypto.randomBytes(4).toString('hex')}.myshopify.com`;
      const { ordersBeforeInstall = 0, ...shopOptions } = o;
      // not installed while those orders are placed: the emulator, like Shopify, sends their webhooks to no app
      await control('/shops', { shop: domain, ...shopOptions, installed: ordersBeforeInstall === 0 });
      for (let i = 0; i < ordersBeforeInstall; i++) await control('/orders', { shop: domain });
      await installEmulatorShop(api.config, createLogger('silent'), api.knex, api.config.encryptionKey!, domain);
      const shop = await api.knex('shops').where({ shopifyDomain: domain }).first();
      return { domain, shop, appToken: tokenFor(api.config, domain) };
    },
    async sessionToken(shop = DEMO_SHOP): Promise<string> {
      return (await control<{ token: string }>('/session-token', { shop })).token;
    },
    async close() {
      await api.close();
      await emulator.stop();
      await marketplaces.stop();
      await integrations.stop();
    },
  };
}

/** A session token signed like Shopify's, with claims to tamper with. */
export function signSessionToken(claims: Record<string, unknown>, secret = EMULATOR_API_SECRET): string {
  const now = Math.floor(Date.now() / 1000);
  const body = {
    iss: `https://${DEMO_SHOP}/admin`,
    dest: `https://${DEMO_SHOP}`,
    aud: EMULATOR_API_KEY,
    sub: '42',
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: crypto.randomUUID(),
    sid: crypto.randomUUID(),
    ...claims,
  };
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(body)}`;
  return `${unsigned}.${crypto.createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export function webhookHmac(body: string, secret = EMULATOR_API_SECRET): string {
  return crypto.createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/** An http server listening on any free port, with no handler yet. */
function listeningServer(): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => resolve(server));
  });
}
