// The drafts' settings as the API speaks them (GET/PUT /api/insights/settings): tone, sign-off,
// support address, the language model and its monthly token budget. The key is written, never read:
// the view says only whether one is kept.
import { z } from 'zod';
import { MAX_TOKEN_BUDGET, PROVIDERS, type ProviderId, TONES, type Tone } from './reply-choices';

export { DEFAULT_OPENAI_BASE_URL, DEFAULT_TOKEN_BUDGET, PROVIDERS, type ProviderId } from './reply-choices';

const REQUIRED = 'This field is required';
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** an http(s) address with no user name or password in it */
const endpoint = z
  .string()
  .trim()
  .max(500)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Enter an http or https address');

/** PUT: every field optional (the stored value stays); `apiKey` replaces the kept key, `null` forgets it */
export const replySettingsInput = z
  .object({
    tone: z.enum(TONES),
    signOff: z.preprocess(blankToNull, z.string().trim().max(200).nullable()),
    supportEmail: z.preprocess(blankToNull, z.email('Enter a valid email address').max(320).nullable()),
    provider: z.enum(PROVIDERS),
    baseUrl: z.preprocess(blankToNull, endpoint.nullable()),
    model: z.preprocess(blankToNull, z.string().trim().max(200).nullable()),
    // sent in a header: printable ASCII without spaces, as every provider's keys are
    apiKey: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(1000)
        .regex(/^[\x21-\x7e]+$/, 'Enter the key as your provider shows it')
        .nullable(),
    ),
    monthlyTokenBudget: z.number().int().min(0).max(MAX_TOKEN_BUDGET),
    // the review box's summary written by the model (plugins/insights/README.md "AI summary on the storefront")
    storefrontSummary: z.boolean(),
  })
  .partial()
  .strict();
export type ReplySettingsInput = z.infer<typeof replySettingsInput>;

/** what the API answers: no key, only whether one is kept, and this month's usage */
export interface ReplySettingsView {
  tone: Tone;
  signOff: string | null;
  supportEmail: string | null;
  /** offered to customers when supportEmail is empty: the reply-to of the shop's email settings */
  fallbackSupportEmail: string | null;
  provider: ProviderId;
  baseUrl: string | null;
  model: string | null;
  hasKey: boolean;
  monthlyTokenBudget: number;
  /** "AI summary on the storefront": the model summarises products' reviews for the review box */
  storefrontSummary: boolean;
  usage: { month: string; inputTokens: number; outputTokens: number; calls: number };
}

export { REQUIRED, type Tone };
