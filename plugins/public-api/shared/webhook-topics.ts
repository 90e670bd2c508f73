// Outgoing webhook topics: each is the name of the durable kernel event it forwards. The reviews
// and review-requests plugins emit them; `question.created` is emitted once Q&A (issue 20) exists.
export const WEBHOOK_TOPICS = [
  'review.created', 'review.published', 'review.updated', 'review.deleted', 'review.replied',
  'request.sent', 'request.reviewed', 'question.created',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];
/** the events this plugin listens to (the same names) */
export const WEBHOOK_EVENTS: readonly string[] = WEBHOOK_TOPICS;
