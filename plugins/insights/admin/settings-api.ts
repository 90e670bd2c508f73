// The tab's calls: GET/PUT /api/insights/settings. The key is only ever sent, never read back.
import { apiJson } from '@plaudit/kernel/admin';
import type { ProviderId, Tone } from '../shared/reply-choices';
import type { ReplySettingsView } from '../shared/reply-settings';

export { DEFAULT_OPENAI_BASE_URL, PROVIDERS, TONES } from '../shared/reply-choices';
export type { ProviderId, ReplySettingsView, Tone };

export type FieldErrors = Partial<Record<keyof SettingsDraft, string>>;

/** the form as typed: numbers as text, the key empty unless a new one is typed */
export interface SettingsDraft {
  tone: Tone;
  signOff: string;
  supportEmail: string;
  provider: ProviderId;
  baseUrl: string;
  model: string;
  apiKey: string;
  monthlyTokenBudget: string;
  storefrontSummary: boolean;
}

export const draftOf = (v: ReplySettingsView): SettingsDraft => ({
  tone: v.tone,
  signOff: v.signOff ?? '',
  supportEmail: v.supportEmail ?? '',
  provider: v.provider,
  baseUrl: v.baseUrl ?? '',
  model: v.model ?? '',
  apiKey: '',
  monthlyTokenBudget: String(v.monthlyTokenBudget),
  storefrontSummary: v.storefrontSummary,
});

export const loadSettings = () => apiJson<ReplySettingsView>('/insights/settings');

/** a budget that is not a whole number is sent as typed: the API answers which field is wrong */
export function saveSettings(d: SettingsDraft) {
  const budget = Number(d.monthlyTokenBudget);
  const body = {
    tone: d.tone,
    signOff: d.signOff,
    supportEmail: d.supportEmail,
    provider: d.provider,
    ...(d.provider === 'openai' ? { baseUrl: d.baseUrl } : {}),
    ...(d.provider !== 'none' ? { model: d.model } : {}),
    ...(d.provider !== 'none' && d.apiKey.trim() ? { apiKey: d.apiKey } : {}),
    monthlyTokenBudget: d.monthlyTokenBudget.trim() && Number.isFinite(budget) ? budget : d.monthlyTokenBudget,
    storefrontSummary: d.storefrontSummary,
  };
  return apiJson<ReplySettingsView>('/insights/settings', { method: 'PUT', body: JSON.stringify(body) });
}
