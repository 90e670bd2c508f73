// What this plugin's sides share: its credentials and the events it sends. Shared by the API, the
// activities and the workflow.
import { z } from 'zod';

export const APP = 'omnisend';
export const LABEL = 'Omnisend';
export const OMNISEND_EVENTS_URL = 'https://api.omnisend.com/v5/events';
/** the cheap authenticated call a key is verified with (one contact at most) */
export const OMNISEND_VERIFY_URL = 'https://api.omnisend.com/v5/contacts?limit=1';
/** Omnisend's own limit: 400 requests a minute (per API key) */
export const OMNISEND_BUDGET = { points: 400, perSeconds: 60 };

const REQUIRED = 'This field is required';
export const omnisendCredentials = z.object({
  apiKey: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200),
});
export type OmnisendCredentials = z.infer<typeof omnisendCredentials>;

/** The Omnisend custom events this plugin sends, by the Plaudit event behind each. */
export const EVENT_NAMES = {
  'review.created': 'plaudit review submitted',
  'review.published': 'plaudit review published',
  'review.replied': 'plaudit review reply added',
  'request.sent': 'plaudit review request sent',
  'request.eligible': 'plaudit review request eligible',
} as const;
export type SourceEvent = keyof typeof EVENT_NAMES;
