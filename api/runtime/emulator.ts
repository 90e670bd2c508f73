// Without Shopify credentials, `npm start` runs the store emulator (emulator/) in Shopify's place and
// installs its demo shop through the real adapter code (token exchange), as Shopify would.
import { RequestedTokenType } from '@shopify/shopify-api';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../log';
import { createPlatform } from '../platform';
import { installShop } from '../platform/install';

export interface RunningDevEmulator {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startDevEmulator(config: Config, log: Logger): Promise<RunningDevEmulator> {
  const { startEmulator, EMULATOR_API_KEY, EMULATOR_API_SECRET } = await import('../../emulator');
  const emulator = await startEmulator({
    port: config.shopify.emulatorPort,
    apiKey: EMULATOR_API_KEY,
    apiSecret: EMULATOR_API_SECRET,
    appUrl: config.appUrl,
    dataDir: config.dataDir,
    log: {
      info: (...a: unknown[]) => log.info({ emulator: a }),
      warn: (...a: unknown[]) => log.warn({ emulator: a }),
      debug: (...a: unknown[]) => log.debug({ emulator: a }),
    },
  });
  return {
    url: emulator.url,
    env: { SHOPIFY_API_KEY: EMULATOR_API_KEY, SHOPIFY_API_SECRET: EMULATOR_API_SECRET, SHOPIFY_EMULATOR_URL: emulator.url },
    stop: () => emulator.stop(),
  };
}

/** Installs a shop of the emulator unless it already has an offline token. */
export async function installEmulatorShop(config: Config, log: Logger, knex: Knex, encryptionKey: Buffer, shop: string) {
  const shopRow = await knex('shops').where({ shopifyDomain: shop }).whereNull('uninstalledAt').first('id');
  if (shopRow && (await knex('sessions').where({ shopId: shopRow.id }).first('id'))) return;
  const platform = createPlatform(config, log, knex, encryptionKey)!;
  const res = await fetch(`${config.shopify.emulatorUrl}/_emulator/session-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shop }),
  });
  if (!res.ok) throw new Error(`the emulator refused a session token for ${shop}: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  const { session } = await platform.shopify.auth.tokenExchange({
    shop,
    sessionToken: token,
    requestedTokenType: RequestedTokenType.OfflineAccessToken,
    expiring: true,
  });
  await installShop(knex, platform.shopify, platform.tokens, session);
}
