// The shop's draft settings row (insight_settings): read with the key opened for the server's own
// call, stored with a new key sealed. A key stays only while the provider and the endpoint's origin
// stay the same: a key typed for one server is never sent to another.
import type { Knex } from 'knex';
import createHttpError from 'http-errors';
import { open, seal, secretBoxKey, type Config, type Tenant } from '@plaudit/kernel';
import type { Tone } from '../shared/reply-choices';
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_TOKEN_BUDGET, type ProviderId, REQUIRED, type ReplySettingsInput } from '../shared/reply-settings';

const SETTINGS = 'insight_settings';

export interface ReplySettings {
  tone: Tone;
  signOff: string | null;
  supportEmail: string | null;
  provider: ProviderId;
  baseUrl: string | null;
  model: string | null;
  /** opened: for the server's call only */
  apiKey: string | null;
  monthlyTokenBudget: number;
  /** the review box's summary written by the model (off by default; needs a model) */
  storefrontSummary: boolean;
}

export const DEFAULT_REPLY_SETTINGS: ReplySettings = {
  tone: 'warm',
  signOff: null,
  supportEmail: null,
  provider: 'none',
  baseUrl: null,
  model: null,
  apiKey: null,
  monthlyTokenBudget: DEFAULT_TOKEN_BUDGET,
  storefrontSummary: false,
};

const keyOf = (config: Config) => (config.encryptionKey ? secretBoxKey(config.encryptionKey) : undefined);
const originOf = (url: string | null) => (url ? new URL(url).origin : null);

export async function readReplySettings(tenant: Tenant, config: Config): Promise<ReplySettings> {
  const row = await tenant.table(SETTINGS).first();
  if (!row) return DEFAULT_REPLY_SETTINGS;
  const key = keyOf(config);
  return {
    tone: row.tone,
    signOff: row.signOff,
    supportEmail: row.supportEmail,
    provider: row.provider,
    baseUrl: row.baseUrl,
    model: row.model,
    // a key sealed under another ENCRYPTION_KEY cannot be opened: as good as none
    apiKey: row.apiKeySealed && key ? openOrNull(key, row.apiKeySealed) : null,
    monthlyTokenBudget: row.monthlyTokenBudget,
    storefrontSummary: row.storefrontSummary ?? false,
  };
}

function openOrNull(key: Buffer, sealed: string): string | null {
  try {
    return open(key, sealed);
  } catch {
    return null;
  }
}

/** the settings after a change: the key kept, replaced or dropped; a provider without what it needs is a 400 */
export function mergeReplySettings(current: ReplySettings, change: ReplySettingsInput): ReplySettings {
  const provider = change.provider ?? current.provider;
  const baseUrl = provider === 'openai' ? (change.baseUrl !== undefined ? change.baseUrl : current.baseUrl) || DEFAULT_OPENAI_BASE_URL : null;
  const sameEndpoint =
    provider === current.provider && originOf(baseUrl) === originOf(current.provider === 'openai' ? current.baseUrl || DEFAULT_OPENAI_BASE_URL : null);
  const apiKey = provider === 'none' ? null : change.apiKey !== undefined ? change.apiKey : sameEndpoint ? current.apiKey : null;
  const next: ReplySettings = {
    tone: change.tone ?? current.tone,
    signOff: change.signOff !== undefined ? change.signOff : current.signOff,
    supportEmail: change.supportEmail !== undefined ? change.supportEmail : current.supportEmail,
    provider,
    baseUrl,
    model: provider === 'none' ? null : change.model !== undefined ? change.model : current.model,
    apiKey,
    monthlyTokenBudget: change.monthlyTokenBudget ?? current.monthlyTokenBudget,
    storefrontSummary: change.storefrontSummary ?? current.storefrontSummary,
  };
  const missing: Record<string, string> = {};
  if (provider !== 'none' && !next.model) missing.model = REQUIRED;
  // Anthropic always wants a key; an OpenAI-compatible server may not (Ollama)
  if (provider === 'anthropic' && !next.apiKey) missing.apiKey = REQUIRED;
  if (Object.keys(missing).length) throw createHttpError(400, 'Validation failed', { errors: missing });
  return next;
}

export async function storeReplySettings(knex: Knex, tenant: Tenant, config: Config, settings: ReplySettings): Promise<void> {
  const key = keyOf(config);
  if (settings.apiKey && !key) throw createHttpError(409, 'A key cannot be stored: the app has no ENCRYPTION_KEY');
  const { apiKey, ...plain } = settings;
  const row = { ...plain, apiKeySealed: apiKey && key ? seal(key, apiKey) : null, updatedAt: knex.fn.now() };
  await tenant.insertInto(SETTINGS, row).onConflict('shop_id').merge();
}
