// Anthropic's Messages API as the insights plugin's Anthropic provider calls it (anthropic.md cites
// the documentation): host api.anthropic.com, `x-api-key` and `anthropic-version` headers,
// `POST /v1/messages` `{ model, max_tokens, system?, messages: [{ role, content }] }` answered
// `{ id, type: 'message', role: 'assistant', model, content: [{ type: 'text', text }], stop_reason,
// stop_sequence, usage: { input_tokens, output_tokens } }`; errors `{ type: 'error', error: { type,
// message }, request_id }`: 401 authentication_error, 429 rate_limit_error (Retry-After), 400 invalid_request_error.
import crypto from 'node:crypto';
import { answerText, count, jsonObject, modelControls, modelDouble, resetDouble, tokensOf } from './language-model';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

const requestId = () => `req_${crypto.randomBytes(12).toString('base64url')}`;
const error = (status: number, type: string, message: string, headers: Record<string, string> = {}): VendorAnswer => {
  const id = requestId();
  return { status, headers: { 'request-id': id, ...headers }, body: { type: 'error', error: { type, message }, request_id: id } };
};
const invalid = (message: string) => error(400, 'invalid_request_error', message);

/** a system prompt (a string or text blocks) or a message's content (a string or content blocks) as text */
const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((b: any) => (b?.type === 'text' ? String(b.text ?? '') : '')).join('') : '';

function problemOf(body: Record<string, any>): string | undefined {
  if (typeof body.model !== 'string' || !body.model) return 'model: Field required';
  if (body.max_tokens === undefined) return 'max_tokens: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return 'max_tokens: Input should be greater than or equal to 1';
  if (!Array.isArray(body.messages) || !body.messages.length) return 'messages: at least one message is required';
  if (body.messages.some((m: any) => m?.role !== 'user' && m?.role !== 'assistant')) return 'messages: roles must be "user" or "assistant"';
  if (body.messages[0].role !== 'user') return 'messages: first message must use the "user" role';
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) return 'system: Input should be a valid string or list';
  return undefined;
}

export function anthropic(): Vendor {
  const double = modelDouble();

  function create(req: VendorRequest, key: string): VendorAnswer {
    const body = jsonObject(req.body);
    if (!body) return invalid('There was an issue with the format of your request: the body is not a JSON object');
    const problem = problemOf(body);
    if (problem) return invalid(problem);
    const prompt = [textOf(body.system), ...body.messages.map((m: any) => textOf(m.content))].join('\n');
    const { text, cut } = answerText(double, body.model, prompt, body.max_tokens);
    const usage = { input_tokens: tokensOf(prompt), output_tokens: tokensOf(text) };
    count(double, key, usage.input_tokens, usage.output_tokens);
    return {
      status: 200,
      headers: { 'request-id': requestId() },
      body: {
        id: `msg_${crypto.randomBytes(12).toString('base64url')}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [{ type: 'text', text }],
        stop_reason: cut ? 'max_tokens' : 'end_turn',
        stop_sequence: null,
        usage,
      },
    };
  }

  return {
    name: 'anthropic',
    hosts: ['api.anthropic.com'],
    handle(req) {
      const key = req.headers['x-api-key'];
      if (!key) return error(401, 'authentication_error', 'x-api-key header is required');
      if (!double.keys.has(key)) return error(401, 'authentication_error', 'invalid x-api-key');
      if (!req.headers['anthropic-version']) return invalid('anthropic-version: header is required');
      if (double.throttled > 0) {
        double.throttled--;
        return error(429, 'rate_limit_error', 'This request would exceed the rate limit for your organization. Please try again later.', {
          'retry-after': '1',
        });
      }
      if (req.method === 'POST' && req.path === '/v1/messages') return create(req, key);
      return error(404, 'not_found_error', `${req.method} ${req.path}: not found`);
    },
    control: modelControls(double),
    reset: () => resetDouble(double),
  };
}
