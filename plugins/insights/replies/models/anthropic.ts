// Anthropic's Messages API: `POST https://api.anthropic.com/v1/messages` with `x-api-key`,
// `anthropic-version: 2023-06-01` and `{ model, max_tokens, system, messages }`, answered
// `{ type: 'message', content: [{ type: 'text', text }], usage: { input_tokens, output_tokens } }`;
// errors `{ type: 'error', error: { type, message } }` (401 authentication_error, 429 rate_limit_error).
// https://docs.anthropic.com/en/api/messages, https://docs.anthropic.com/en/api/versioning, https://docs.anthropic.com/en/api/errors
import { answerOf, estimatedTokens, type LanguageModel, ModelFailure, type Outbound, postJson } from './model';

export const ANTHROPIC_MESSAGES_URL = 'https://api.anthropic.com/v1/messages';
export const ANTHROPIC_VERSION = '2023-06-01';
const VENDOR = 'Anthropic';

export interface AnthropicConfig {
  model: string;
  apiKey: string;
}

interface Message {
  content?: { type: string; text?: string }[];
  usage?: { input_tokens?: number; output_tokens?: number };
}

export function anthropicModel(config: AnthropicConfig, outbound: Outbound): LanguageModel {
  const headers = { 'x-api-key': config.apiKey, 'anthropic-version': ANTHROPIC_VERSION };
  return {
    provider: 'anthropic',
    model: config.model,
    async complete(prompt, maxTokens) {
      const body = { model: config.model, max_tokens: maxTokens, system: prompt.system, messages: [{ role: 'user', content: prompt.user }] };
      const res = await postJson(ANTHROPIC_MESSAGES_URL, headers, body, VENDOR, outbound);
      const answer = await answerOf<Message>(res, VENDOR, (b) => b?.error?.message);
      const text = (answer.content ?? [])
        .filter((block) => block.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text)
        .join('');
      if (!text) throw new ModelFailure('rejected', `${VENDOR} answered no text`);
      return {
        text,
        inputTokens: answer.usage?.input_tokens ?? estimatedTokens(prompt.system + prompt.user),
        outputTokens: answer.usage?.output_tokens ?? estimatedTokens(text),
      };
    },
  };
}
