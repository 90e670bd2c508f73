// The store-platform adapter: everything the app knows about Shopify goes through here.
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../log';
import { AdminApi } from './admin-api';
import { secretBoxKey } from './crypto';
import { browserUrl, createShopify, type Shopify } from './shopify';
import { themeEditorUrl } from './theme-files';
import { TokenStore } from './token-store';

export interface Platform {
  shopify: Shopify;
  tokens: TokenStore;
  /** Admin GraphQL for one installed shop, through its offline token */
  adminApi(shopDomain: string): AdminApi;
  /** A theme editor deep link for the merchant's browser (theme-files.ts), pointed at the emulator when one runs */
  themeEditorLink(shopDomain: string, link: { embed: string; template?: string } | { block: string; template: string; target: string }): string;
}

/** Undefined when no Shopify credentials are configured (the kernel alone, as in unit tests). */
export function createPlatform(config: Config, log: Logger, knex: Knex, encryptionKey: Buffer): Platform | undefined {
  if (!config.shopify.apiKey) return undefined;
  const shopify = createShopify(config, log);
  const tokens = new TokenStore(knex, shopify, secretBoxKey(encryptionKey));
  const apiKey = config.shopify.apiKey;
  return {
    shopify,
    tokens,
    adminApi: (shopDomain) => new AdminApi(shopify, tokens, shopDomain),
    themeEditorLink: (shopDomain, link) => browserUrl(themeEditorUrl(shopDomain, { ...link, apiKey })),
  };
}
