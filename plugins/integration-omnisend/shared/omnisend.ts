// What this plugin's sides share: its credentials and the events it sends. Shared by the API, the
// activities and the workflow.
import { RequestEligible, RequestSent } from '@plaudit/contracts/review-requests';
import { ReviewCreated, ReviewPublished, ReviewReplied } from '@plaudit/contracts/reviews';
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

/**
 * The Omnisend custom events this plugin sends, by the Plaudit event behind each. That event's name
 * (its contract's) is a delivery's `event` and part of its workflow id, as running workflows hold them.
 */
export const EVENT_NAMES: Readonly<Record<string, string>> = {
  [ReviewCreated.name]: 'plaudit review submitted',
  [ReviewPublished.name]: 'plaudit review published',
  [ReviewReplied.name]: 'plaudit review reply added',
  [RequestSent.name]: 'plaudit review request sent',
  [RequestEligible.name]: 'plaudit review request eligible',
};
/** The name of the Plaudit event a delivery forwards (a key of EVENT_NAMES). */
export type SourceEvent = string;
