// The two model providers' wire formats against their doubles in the integrations emulator: an
// OpenAI-compatible chat endpoint (Bearer key, messages, max_tokens; usage read back) and Anthropic's
// Messages API (x-api-key, anthropic-version, system, max_tokens; usage read back). A refused key,
// the vendor's 429, an unreachable server and, in production, an address on our own network each
// reach the draft as one ModelFailure kind (the merchant's notice); nothing else is called.
import { startIntegrationsEmulator, type RunningIntegrationsEmulator } from '@plaudit/kernel/testing';
import { anthropicModel } from '../replies/models/anthropic';
import { ModelFailure, type Outbound } from '../replies/models/model';
import { openAiModel } from '../replies/models/openai';

let vendors: RunningIntegrationsEmulator;
let outbound: Outbound;
beforeAll(async () => {
  vendors = await startIntegrationsEmulator({ port: 0 });
  outbound = { production: false, emulatorBase: vendors.url };
});
afterAll(() => vendors.stop());
beforeEach(() => vendors.control('all', 'reset'));

const PROMPT = { system: 'You draft replies.', user: '<review>\nStars: 2 of 5\nText: The kettle leaks.\n</review>' };
const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof ModelFailure ? e.kind : `other: ${(e as Error).message}`),
  );

describe('OpenAI-compatible', () => {
  test('POST <base>/chat/completions with the Bearer key, system and user messages and max_tokens; the text and usage read back', async () => {
    vendors.control('openai', 'key', { key: 'sk-unit-1' });
    vendors.control('openai', 'reply', { text: 'Sorry about the leak, Sam.' });
    const model = openAiModel({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-unit-1' }, outbound);
    const answer = await model.complete(PROMPT, 400);
    const [sent] = vendors.received.filter((r) => r.vendor === 'openai');
    expect(sent).toMatchObject({ method: 'POST', host: 'api.openai.com', path: '/v1/chat/completions', status: 200 });
    expect(sent.headers.authorization).toBe('Bearer sk-unit-1');
    expect(JSON.parse(sent.body)).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: PROMPT.system },
        { role: 'user', content: PROMPT.user },
      ],
      max_tokens: 400,
      temperature: 0.4,
    });
    const usage = vendors.control('openai', 'usage', { key: 'sk-unit-1' }) as { inputTokens: number; outputTokens: number };
    expect(answer).toEqual({ text: 'Sorry about the leak, Sam.', inputTokens: usage.inputTokens, outputTokens: usage.outputTokens });
    expect(usage.inputTokens).toBeGreaterThan(0);
  });

  test('a server at its own base URL (as vLLM or Ollama) is called there, with no key when none is set', async () => {
    vendors.control('openai', 'key', { key: 'sk-unit-2' });
    const direct = openAiModel({ baseUrl: `${vendors.url}/hosts/api.openai.com/v1/`, model: 'llama3', apiKey: null }, outbound);
    expect(await kindOf(direct.complete(PROMPT, 50))).toBe('credentials');
    const [sent] = vendors.received;
    expect([sent.path, sent.headers.authorization]).toEqual(['/v1/chat/completions', undefined]);
  });

  test('a refused key, the rate limit, an unreachable server, our own network in production: each its failure', async () => {
    const wrong = openAiModel({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-wrong' }, outbound);
    expect(await kindOf(wrong.complete(PROMPT, 50))).toBe('credentials');
    expect(JSON.parse(vendors.received[0].body ?? '{}').model).toBe('gpt-4o-mini');
    vendors.control('openai', 'key', { key: 'sk-unit-3' });
    vendors.control('openai', 'throttle', { count: 1 });
    const right = openAiModel({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-unit-3' }, outbound);
    expect(await kindOf(right.complete(PROMPT, 50))).toBe('rate-limited');
    expect(await kindOf(right.complete(PROMPT, 50))).toBe('none');
    const closed = openAiModel({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKey: null }, outbound);
    expect(await kindOf(closed.complete(PROMPT, 50))).toBe('unavailable');
    const inside = openAiModel({ baseUrl: `${vendors.url}/hosts/api.openai.com/v1`, model: 'm', apiKey: 'sk-unit-3' }, { production: true });
    const before = vendors.received.length;
    expect(await kindOf(inside.complete(PROMPT, 50))).toBe('rejected');
    expect(vendors.received.length).toBe(before);
  });
});

describe('Anthropic', () => {
  test('POST /v1/messages with x-api-key, anthropic-version, system, messages and max_tokens; the text and usage read back', async () => {
    vendors.control('anthropic', 'key', { key: 'sk-ant-unit-1' });
    vendors.control('anthropic', 'reply', { text: 'We are sorry about the leak.' });
    const model = anthropicModel({ model: 'claude-haiku-4-5', apiKey: 'sk-ant-unit-1' }, outbound);
    const answer = await model.complete(PROMPT, 300);
    const [sent] = vendors.received.filter((r) => r.vendor === 'anthropic');
    expect(sent).toMatchObject({ method: 'POST', host: 'api.anthropic.com', path: '/v1/messages', status: 200 });
    expect([sent.headers['x-api-key'], sent.headers['anthropic-version'], sent.headers.authorization]).toEqual(['sk-ant-unit-1', '2023-06-01', undefined]);
    expect(JSON.parse(sent.body)).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 300,
      system: PROMPT.system,
      messages: [{ role: 'user', content: PROMPT.user }],
    });
    const usage = vendors.control('anthropic', 'usage', { key: 'sk-ant-unit-1' }) as { inputTokens: number; outputTokens: number };
    expect(answer).toEqual({ text: 'We are sorry about the leak.', inputTokens: usage.inputTokens, outputTokens: usage.outputTokens });
  });

  test("a refused key and the rate limit in Anthropic's error shape", async () => {
    const wrong = anthropicModel({ model: 'claude-haiku-4-5', apiKey: 'sk-ant-wrong' }, outbound);
    expect(await kindOf(wrong.complete(PROMPT, 50))).toBe('credentials');
    expect(vendors.received[0]).toMatchObject({ status: 401 });
    vendors.control('anthropic', 'key', { key: 'sk-ant-unit-2' });
    vendors.control('anthropic', 'throttle', { count: 1 });
    const right = anthropicModel({ model: 'claude-haiku-4-5', apiKey: 'sk-ant-unit-2' }, outbound);
    expect(await kindOf(right.complete(PROMPT, 50))).toBe('rate-limited');
  });
});

describe('the doubles speak the documented error shapes', () => {
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${vendors.url}/hosts/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  test('OpenAI: 401 invalid_api_key, 429 rate_limit_exceeded with Retry-After, 400 without a model', async () => {
    const unknown = await post(
      'api.openai.com/v1/chat/completions',
      { authorization: 'Bearer sk-nope-1234' },
      { model: 'm', messages: [{ role: 'user', content: 'x' }] },
    );
    expect([unknown.status, (await unknown.json()).error]).toEqual([
      401,
      expect.objectContaining({ type: 'invalid_request_error', code: 'invalid_api_key', param: null }),
    ]);
    vendors.control('openai', 'key', { key: 'sk-shape' });
    vendors.control('openai', 'throttle', { count: 1 });
    const busy = await post(
      'api.openai.com/v1/chat/completions',
      { authorization: 'Bearer sk-shape' },
      { model: 'm', messages: [{ role: 'user', content: 'x' }] },
    );
    expect([busy.status, busy.headers.get('retry-after'), (await busy.json()).error.code]).toEqual([429, '1', 'rate_limit_exceeded']);
    const bad = await post('api.openai.com/v1/chat/completions', { authorization: 'Bearer sk-shape' }, { messages: [{ role: 'user', content: 'x' }] });
    expect([bad.status, (await bad.json()).error.type]).toEqual([400, 'invalid_request_error']);
    const cut = await post(
      'api.openai.com/v1/chat/completions',
      { authorization: 'Bearer sk-shape' },
      { model: 'm', max_tokens: 2, messages: [{ role: 'user', content: 'x' }] },
    );
    const completion = await cut.json();
    expect([completion.object, completion.choices[0].finish_reason, completion.usage.completion_tokens]).toEqual(['chat.completion', 'length', 2]);
  });

  test('Anthropic: 401 authentication_error, 400 without anthropic-version or max_tokens, 429 rate_limit_error with Retry-After', async () => {
    const unknown = await post('api.anthropic.com/v1/messages', { 'x-api-key': 'nope', 'anthropic-version': '2023-06-01' }, {});
    const body = await unknown.json();
    expect([unknown.status, body.type, body.error.type, body.request_id === unknown.headers.get('request-id')]).toEqual([
      401,
      'error',
      'authentication_error',
      true,
    ]);
    vendors.control('anthropic', 'key', { key: 'sk-ant-shape' });
    const noVersion = await post(
      'api.anthropic.com/v1/messages',
      { 'x-api-key': 'sk-ant-shape' },
      { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] },
    );
    expect([noVersion.status, (await noVersion.json()).error.type]).toEqual([400, 'invalid_request_error']);
    const noLimit = await post(
      'api.anthropic.com/v1/messages',
      { 'x-api-key': 'sk-ant-shape', 'anthropic-version': '2023-06-01' },
      { model: 'm', messages: [{ role: 'user', content: 'x' }] },
    );
    expect([noLimit.status, (await noLimit.json()).error.message]).toEqual([400, 'max_tokens: Field required']);
    vendors.control('anthropic', 'throttle', { count: 1 });
    const busy = await post(
      'api.anthropic.com/v1/messages',
      { 'x-api-key': 'sk-ant-shape', 'anthropic-version': '2023-06-01' },
      { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] },
    );
    expect([busy.status, busy.headers.get('retry-after'), (await busy.json()).error.type]).toEqual([429, '1', 'rate_limit_error']);
  });
});
