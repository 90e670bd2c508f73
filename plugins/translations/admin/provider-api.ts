// The review translation screen's calls: /api/translations/access, /provider and /bulk.
import { apiJson } from '@plaudit/kernel/admin';
import type { PROVIDER_IDS } from '../shared/provider-settings';

export { REVIEW_LANGUAGES } from '../providers/provider';

export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The providers in the order the screen offers them: the free self-hosted default first. */
export const PROVIDERS: ProviderId[] = ['apertium', 'deepl', 'google', 'libretranslate'];

export interface Access {
  allowed: boolean;
  tier: string;
}

/** GET/PUT /provider: secrets come back masked ('••••1234'), and sent back so they are kept. */
export interface ProviderState {
  provider: ProviderId;
  autoTranslate: boolean;
  deepl?: { apiKey: string };
  google?: { projectId: string; accessToken: string };
  libretranslate?: { url: string; apiKey?: string };
  /** whether the provider answered its language list */
  reachable: boolean;
  languages: { code: string; available: boolean }[];
}

export interface ProviderDraft {
  provider: ProviderId;
  autoTranslate: boolean;
  deeplKey: string;
  googleProject: string;
  googleToken: string;
}

export interface BulkProgress {
  target: string;
  total: number | null;
  done: number;
  translated: number;
  unavailable: number;
  state: 'running' | 'waiting' | 'completed' | 'stopped';
  reason: string | null;
}

export const MASK = '••••';

export const loadAccess = () => apiJson<Access>('/translations/access');
export const loadProvider = () => apiJson<ProviderState>('/translations/provider');

/** Only the chosen vendor's credentials are sent; the others stay as stored. */
export function saveProvider(d: ProviderDraft) {
  const body = {
    provider: d.provider,
    autoTranslate: d.autoTranslate,
    ...(d.provider === 'deepl' ? { deepl: { apiKey: d.deeplKey.trim() } } : {}),
    ...(d.provider === 'google' ? { google: { projectId: d.googleProject.trim(), accessToken: d.googleToken.trim() } } : {}),
  };
  return apiJson<ProviderState>('/translations/provider', { method: 'PUT', body: JSON.stringify(body) });
}

export const draftOf = (s: ProviderState): ProviderDraft => ({
  provider: s.provider,
  autoTranslate: s.autoTranslate,
  deeplKey: s.deepl?.apiKey ?? '',
  googleProject: s.google?.projectId ?? '',
  googleToken: s.google?.accessToken ?? '',
});

/** The draft's fields a provider needs the merchant to fill (the self-hosted ones need none). */
export const CREDENTIALS: Record<ProviderId, (keyof ProviderDraft)[]> = {
  apertium: [],
  deepl: ['deeplKey'],
  google: ['googleProject', 'googleToken'],
  libretranslate: [],
};

/** The API's field names ('deepl.apiKey', or the provider alone for a missing credential) as the draft's. */
export const FIELD_OF_API: Record<string, keyof ProviderDraft> = {
  'deepl.apiKey': 'deeplKey',
  deepl: 'deeplKey',
  'google.projectId': 'googleProject',
  'google.accessToken': 'googleToken',
  google: 'googleToken',
};

export const startBulk = (language: string) =>
  apiJson<{ data: { workflowId: string } }>('/translations/bulk', { method: 'POST', body: JSON.stringify({ language }) });
export const loadBulk = (language: string) => apiJson<{ data: BulkProgress | null }>(`/translations/bulk/${encodeURIComponent(language)}`).then((r) => r.data);
