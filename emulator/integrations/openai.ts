// OpenAI's Chat Completions as the insights plugin's OpenAI-compatible provider calls it (openai.md
// cites the documentation): host api.openai.com, `Authorization: Bearer <key>`,
// `POST /v1/chat/completions` `{ model, messages: [{ role, content }], max_tokens | max_completion_tokens }`
// answered `{ id, object: 'chat.completion', created, model, choices: [{ index, message: { role,
// content }, finish_reason }], usage: { prompt_tokens, completion_tokens, total_tokens } }`; errors
// `{ error: { message, type, param, code } }`: 401 invalid_api_key, 429 rate_limit_exceeded, 400.
import crypto from 'node:crypto';
import { answerText, count, jsonObject, modelControls, modelDouble, resetDouble, tokensOf } from './language-model';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

const error = (status: number, message: string, type: string, code: string | null, headers?: Record<string, string>): VendorAnswer => ({
  status,
  body: { error: { message, type, param: null, code } },
  ...(headers ? { headers } : {}),
});
const NO_KEY =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
const masked = (key: string) => `${key.slice(0, 3)}${'*'.repeat(Math.max(0, key.length - 7))}${key.slice(-4)}`;
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** the messages' text ('content' a string, or text parts) */
const textOf = (messages: { content?: unknown }[]) =>
  messages
    .map((m) => (typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.map((p: any) => p?.text ?? '').join('') : ''))
    .join('\n');

export function openai(): Vendor {
  const double = modelDouble();

  function complete(req: VendorRequest, key: string): VendorAnswer {
    const body = jsonObject(req.body);
    if (!body)
      return error(
        400,
        'We could not parse the JSON body of your request. (HINT: This likely means you are not sending valid JSON.)',
        'invalid_request_error',
        null,
      );
    if (typeof body.model !== 'string' || !body.model) return error(400, 'you must provide a model parameter', 'invalid_request_error', null);
    const messages = body.messages;
    if (!Array.isArray(messages) || !messages.length)
      return error(400, "Invalid 'messages': empty array. Expected an array with minimum length 1.", 'invalid_request_error', 'empty_array');
    if (messages.some((m) => !ROLES.has(m?.role))) return error(400, "Invalid value for 'messages[].role'.", 'invalid_request_error', 'invalid_value');
    const limit = body.max_completion_tokens ?? body.max_tokens ?? 4096;
    if (!Number.isInteger(limit) || limit < 1)
      return error(400, "Invalid 'max_tokens': integer below minimum value.", 'invalid_request_error', 'integer_below_min_value');
    const prompt = textOf(messages);
    const { text, cut } = answerText(double, body.model, prompt, limit);
    const usage = { prompt_tokens: tokensOf(prompt), completion_tokens: tokensOf(text) };
    count(double, key, usage.prompt_tokens, usage.completion_tokens);
    return {
      status: 200,
      headers: { 'x-request-id': `req_${crypto.randomBytes(12).toString('hex')}` },
      body: {
        id: `chatcmpl-${crypto.randomBytes(12).toString('base64url')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: cut ? 'length' : 'stop' }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      },
    };
  }

  return {
    name: 'openai',
    hosts: ['api.openai.com'],
    handle(req) {
      const key = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!key) return error(401, NO_KEY, 'invalid_request_error', null);
      if (!double.keys.has(key))
        return error(
          401,
          `Incorrect API key provided: ${masked(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        );
      if (double.throttled > 0) {
        double.throttled--;
        return error(429, 'Rate limit reached for requests. Please try again in 1s.', 'requests', 'rate_limit_exceeded', {
          'retry-after': '1',
          'x-ratelimit-reset-requests': '1s',
        });
      }
      if (req.method === 'POST' && req.path === '/v1/chat/completions') return complete(req, key);
      return error(404, `Invalid URL (${req.method} ${req.path})`, 'invalid_request_error', null);
    },
    control: modelControls(double),
    reset: () => resetDouble(double),
  };
}
