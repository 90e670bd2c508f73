// The shop's language model from its settings; null when it lacks what it needs (a model, or
// Anthropic's key: a key sealed under another ENCRYPTION_KEY cannot be opened).
import type { ReplySettings } from '../../db/reply-settings';
import { DEFAULT_OPENAI_BASE_URL } from '../../shared/reply-settings';
import { anthropicModel } from './anthropic';
import type { LanguageModel, Outbound } from './model';
import { openAiModel } from './openai';

export function languageModel(s: ReplySettings, outbound: Outbound): LanguageModel | null {
  if (!s.model) return null;
  if (s.provider === 'openai') return openAiModel({ baseUrl: s.baseUrl ?? DEFAULT_OPENAI_BASE_URL, model: s.model, apiKey: s.apiKey }, outbound);
  if (s.provider === 'anthropic' && s.apiKey) return anthropicModel({ model: s.model, apiKey: s.apiKey }, outbound);
  return null;
}
