// Types, limits and validation both sides use (the API, the admin, the activities). Messages are
// the spec's catalogue (section 5), so the admin and the storefront word them in their languages.
import { z } from 'zod';

export const REQUIRED = 'This field is required';
export const INVALID = 'The value is invalid';
export const INVALID_EMAIL = 'Invalid email';

export const STATUSES = ['published', 'unpublished', 'pending'] as const;
export type Status = (typeof STATUSES)[number];
export const TABS = ['all', 'unanswered', 'published', 'unpublished'] as const;
export type Tab = (typeof TABS)[number];
export const ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
/** spec section 9's page sizes */
export const PAGE_SIZES = [10, 20, 50, 100];

export const MAX_NAME = 100;
export const MAX_QUESTION = 1000;
export const MAX_ANSWER = 5000;
export const MAX_SEARCH = 200;
export const MAX_COMMUNITY_INVITES = 20;

/** when the merchant is mailed about new questions and community answers */
export const NOTIFY_EVERY = ['immediately', 'hourly'] as const;
export type NotifyEvery = (typeof NOTIFY_EVERY)[number];

export interface Answer {
  id: number;
  author: 'merchant' | 'community';
  authorName: string;
  body: string;
  status: Status;
  helpfulCount: number;
  createdAt: string;
}

export interface Question {
  id: number;
  productId: string;
  productTitle: string | null;
  productHandle: string | null;
  askerName: string;
  askerEmail: string | null;
  body: string;
  locale: string;
  status: Status;
  heldAsSpam: boolean;
  helpfulCount: number;
  answeredAt: string | null;
  createdAt: string;
  answers: Answer[];
}

const tab = z.enum(TABS).default('all');
/** The list's filter (react-admin's `filter` parameter, JSON). */
export const listFilter = z.object({ tab, q: z.string().trim().max(MAX_SEARCH, INVALID).optional() }).strict();

export const listQuery = z
  .object({
    limit: z.coerce
      .number()
      .refine((n) => PAGE_SIZES.includes(n), INVALID)
      .default(10),
    sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt'),
    cursor: z.string().max(200).optional(),
    filter: z.string().max(1000).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuery>;

export const bulkInput = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1, REQUIRED).max(500, INVALID) }).strict();

export const answerInput = z
  .object({
    body: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(MAX_ANSWER, INVALID),
  })
  .strict();

export const answerStatusInput = z.object({ status: z.enum(['published', 'unpublished'], { error: INVALID }) }).strict();

export const questionSettings = z
  .object({
    /** publish new questions at once (those that look like spam are held anyway) */
    autoPublish: z.boolean({ error: INVALID }).default(false),
    /** mail the merchant about each new question */
    notifyMerchant: z.boolean({ error: INVALID }).default(true),
    /** at once per question and community answer, or one mail an hour listing them (workflows/digest.ts) */
    notifyEvery: z.enum(NOTIFY_EVERY, { error: INVALID }).default('immediately'),
    /** where; the shop's address when empty */
    notifyEmail: z.email(INVALID_EMAIL).max(320, INVALID_EMAIL).nullable().default(null),
    /** "ask the community": how many verified buyers one invite mails */
    communityInvites: z.number({ error: INVALID }).int(INVALID).min(1, INVALID).max(MAX_COMMUNITY_INVITES, INVALID).default(5),
  })
  .strict();
export type QuestionSettings = z.infer<typeof questionSettings>;

/** The product's page on the storefront, where the Q&A block is. */
export function productPageUrl(shop: { domain: string; publicDomain: string | null }, handle: string | null | undefined): string {
  const host = shop.publicDomain || shop.domain;
  return handle ? `https://${host}/products/${encodeURIComponent(handle)}#plaudit-questions` : `https://${host}/`;
}
