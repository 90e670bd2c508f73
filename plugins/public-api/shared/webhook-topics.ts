// Outgoing webhook topics: each is the name of the durable kernel event it forwards. The reviews,
// review-requests and questions plugins emit them.
export const WEBHOOK_TOPICS = [
  'review.created', 'review.published', 'review.updated', 'review.deleted', 'review.replied',
  'request.sent', 'request.reviewed', 'question.created', 'question.answered',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];
/** the events this plugin listens to (the same names) */
export const WEBHOOK_EVENTS: readonly string[] = WEBHOOK_TOPICS;

/**
 * Topics that exist only with a capability: without the questions plugin nothing emits question.*
 * events, so they are neither listed to the merchant nor accepted in a subscription.
 */
export const TOPIC_NEEDS: Partial<Record<WebhookTopic, string>> = {
  'question.created': 'questions.public',
  'question.answered': 'questions.public',
};

/** The topics this server offers, given which capabilities are installed. */
export const offeredTopics = (has: (capability: string) => boolean): WebhookTopic[] =>
  WEBHOOK_TOPICS.filter((topic) => !TOPIC_NEEDS[topic] || has(TOPIC_NEEDS[topic]!));
