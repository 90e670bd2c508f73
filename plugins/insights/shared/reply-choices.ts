// The drafts' choices, shared by the API, the composer and the admin (no zod here: the admin's chunk stays small).
/** how a draft reads: 'brief' has no closing line */
export const TONES = ['warm', 'professional', 'brief'] as const;
export type Tone = (typeof TONES)[number];

export const PROVIDERS = ['none', 'openai', 'anthropic'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

/** an OpenAI-compatible provider without a base URL is OpenAI itself */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TOKEN_BUDGET = 100_000;
export const MAX_TOKEN_BUDGET = 100_000_000;
