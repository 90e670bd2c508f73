// An OpenAI-compatible chat endpoint: OpenAI itself (https://api.openai.com/v1), Azure OpenAI's v1 API
// (https://<resource>.openai.azure.com/openai/v1), vLLM and Ollama (http://<host>:11434/v1).
// `POST <base>/chat/completions` with `Authorization: Bearer <key>` and `{ model, messages, max_tokens }`,
// answered `{ choices: [{ message: { content } }], usage: { prompt_tokens, completion_tokens } }`;
// errors `{ error: { message, type, code } }` (401 invalid_api_key, 429 rate_limit_exceeded).
// https://platform.openai.com/docs/api-reference/chat/create, https://platform.openai.com/docs/guides/error-codes,
// https://learn.microsoft.com/azure/ai-foundry/openai/api-version-lifecycle, https://docs.ollama.com/api/openai-compatibility
// `max_tokens` rather than the newer `max_completion_tokens`: every compatible server takes it.
import { answerOf, estimatedTokens, type LanguageModel, ModelFailure, type Outbound, postJson } from './model';

export interface OpenAiConfig {
  baseUrl: string;
  model: string;
  /** none for a local server that needs none (Ollama) */
  apiKey: string | null;
}

interface ChatCompletion {
  choices?: { message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/** `<base>/chat/completions`, a query the base carries kept (Azure's older `?api-version=`) */
function completionsUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.href;
}

export function openAiModel(config: OpenAiConfig, outbound: Outbound): LanguageModel {
  const vendor = new URL(config.baseUrl).host;
  // Azure's older deployment URLs take the key as `api-key`; its v1 API and everyone else take a Bearer token
  const azure = vendor.endsWith('.azure.com');
  const auth = config.apiKey ? { authorization: `Bearer ${config.apiKey}`, ...(azure ? { 'api-key': config.apiKey } : {}) } : {};
  return {
    provider: 'openai',
    model: config.model,
    async complete(prompt, maxTokens) {
      const body = {
        model: config.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        max_tokens: maxTokens,
        temperature: 0.4,
      };
      const res = await postJson(completionsUrl(config.baseUrl), auth, body, vendor, outbound);
      const answer = await answerOf<ChatCompletion>(res, vendor, (b) => b?.error?.message ?? b?.message);
      const text = answer.choices?.[0]?.message?.content;
      if (typeof text !== 'string') throw new ModelFailure('rejected', `${vendor} answered no message`);
      return {
        text,
        inputTokens: answer.usage?.prompt_tokens ?? estimatedTokens(prompt.system + prompt.user),
        outputTokens: answer.usage?.completion_tokens ?? estimatedTokens(text),
      };
    },
  };
}
