// A language model a shop connected, as the draft uses it: one call with a system prompt and the
// review, answered with text and the tokens the vendor reports. Calls go only to the configured
// endpoint, through the kernel's outbound guard (never our own network in production, no redirects,
// the answer capped); a refusal is a ModelFailure whose kind decides the merchant's notice.
import { OutboundFetchError, outboundFetch, vendorUrl } from '@plaudit/kernel';
import type { Prompt } from '../prompt';

export type ModelFailureKind = 'credentials' | 'rate-limited' | 'unavailable' | 'rejected';

export class ModelFailure extends Error {
  constructor(
    readonly kind: ModelFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ModelFailure';
  }
}

export interface ModelAnswer {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

export interface LanguageModel {
  provider: 'openai' | 'anthropic';
  model: string;
  complete(prompt: Prompt, maxTokens: number): Promise<ModelAnswer>;
}

/** how the process reaches vendors: production refuses private addresses; the emulator stands in for the vendors' own hosts */
export interface Outbound {
  production: boolean;
  /** INTEGRATIONS_BASE_URL: the integrations emulator (development, tests) */
  emulatorBase?: string;
}

/** the vendors' own hosts, served by the integrations emulator when it runs; a merchant's own server is called as typed */
const EMULATED_HOSTS = new Set(['api.openai.com', 'api.anthropic.com']);
const TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 256 * 1024;

export function endpointUrl(url: string, outbound: Outbound): string {
  return outbound.emulatorBase && EMULATED_HOSTS.has(new URL(url).host) ? vendorUrl(url, outbound.emulatorBase) : url;
}

/** the failure an answer's status means: a refused key, the vendor's rate limit, an outage, or a refusal of this call */
export function failureOf(status: number, vendor: string, detail: string): ModelFailure {
  const message = `${vendor} answered ${status}: ${detail}`.slice(0, 500);
  if (status === 401 || status === 403) return new ModelFailure('credentials', message);
  if (status === 429) return new ModelFailure('rate-limited', message);
  if (status >= 500) return new ModelFailure('unavailable', message);
  return new ModelFailure('rejected', message);
}

/** POSTs JSON to a model's endpoint; network trouble and refused addresses are ModelFailures */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, vendor: string, outbound: Outbound): Promise<Response> {
  try {
    return await outboundFetch(endpointUrl(url, outbound), {
      production: outbound.production,
      trusted: [outbound.emulatorBase],
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      maxRedirects: 0,
    });
  } catch (err) {
    const refused = err instanceof OutboundFetchError && !['network', 'timeout'].includes(err.reason);
    throw new ModelFailure(refused ? 'rejected' : 'unavailable', `${vendor}: ${(err as Error).message}`);
  }
}

/** the answer's JSON, or a ModelFailure naming the vendor's own error message */
export async function answerOf<T>(res: Response, vendor: string, messageOf: (body: any) => unknown): Promise<T> {
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) throw failureOf(res.status, vendor, String(messageOf(body) ?? text.slice(0, 200)));
  if (body === undefined) throw new ModelFailure('unavailable', `${vendor} answered something other than JSON`);
  return body as T;
}

/** tokens of a text when a server reports none (about four characters a token) */
export const estimatedTokens = (text: string) => Math.ceil(text.length / 4);
