// Helpers for integration tests: a real API server on an ephemeral port against the run's
// real PostgreSQL and Temporal (started by tests/setup/global-setup.ts).
import crypto from 'node:crypto';
import type { Server } from 'node:http';
import { appTokenKey, signAppToken } from '../../api/auth/app-token';
import { loadConfig, type Config } from '../../api/config';
import { SettingsStore } from '../../api/kernel/settings';
import { createLogger } from '../../api/log';
import { ROOT } from '../../api/runtime/stack';
import { startApiServer } from '../../api/server';

export { eventually } from './eventually';

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...process.env, ...overrides }, ROOT);
}

/** `listen`: a port (any free one by default) or an http server already listening (startPlatformStack's). */
export async function startTestApi(overrides: Record<string, string> = {}, listen: number | Server = 0) {
  const config = testConfig(overrides);
  const api = await startApiServer(config, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test-api'), listen);
  const url = `http://127.0.0.1:${api.port}`;
  return { ...api, url, config, knex: api.runtime.services.knex };
}

/** A shop row with a unique domain; returns it with a valid app token. */
export async function createShop(api: TestApi, fields: Record<string, unknown> = {}) {
  const shopifyDomain = `test-${crypto.randomBytes(5).toString('hex')}.myshopify.com`;
  const [shop] = await api
    .knex('shops')
    .insert({ shopifyDomain, name: `Shop ${shopifyDomain}`, ...fields })
    .returning('*');
  return { shop, token: tokenFor(api.config, shopifyDomain) };
}

/**
 * Changes a shop's record as Shopify's webhooks or another API process would: behind this process's
 * back (no change reaches its caches). Plugins' tests use it instead of naming the `shops` table.
 */
export async function updateShop(api: TestApi, shopId: number, fields: Record<string, unknown>) {
  await api.knex('shops').where({ id: shopId }).update(fields);
}

/**
 * Writes a settings row as stored, past the namespace's validation: for values a merchant cannot
 * set but a test needs (request timings in seconds).
 */
export async function storeSettingsRaw(api: TestApi, shopId: number, namespace: string, value: unknown) {
  await api
    .knex('settings')
    .insert({ shopId, namespace, value: JSON.stringify(value) })
    .onConflict(['shop_id', 'namespace'])
    .merge(['value', 'updatedAt']);
}

/** What the kernel keeps at rest for a shop: its mail settings or its email template edits (without the store's version field). */
export async function kernelSettingsAtRest(api: TestApi, shopId: number, what: 'mail' | 'email-templates') {
  const value = (
    await api
      .knex('settings')
      .where({ shopId, namespace: `kernel.${what}` })
      .first()
  )?.value;
  return value && Object.fromEntries(Object.entries(value).filter(([k]) => k !== '__version'));
}

/** The settings service of another API process on the same database: its writes tell no listener here. */
export function settingsElsewhere(api: TestApi): SettingsStore {
  return new SettingsStore(api.knex);
}

export function tokenFor(config: Config, shopDomain: string, ttlSeconds = 3600): string {
  return signAppToken(appTokenKey(config.encryptionKey!), shopDomain, ttlSeconds);
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function client(baseUrl: string, token?: string) {
  const call = async <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, body),
    delete: <T = any>(path: string) => call<T>('DELETE', path),
    call,
  };
}
