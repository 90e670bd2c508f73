// Outgoing webhook topics: the public API's own names, public and versioned (WEBHOOKS.md, the OpenAPI
// enum, stored in merchants' subscriptions), so they are written here and not taken from the contracts:
// an event renamed inside Plaudit keeps its topic. Each topic forwards one durable event, named by its
// contract reference (WEBHOOK_EVENTS); today a topic spells its event's name. The reviews,
// review-requests and questions plugins emit them.
import type { CapabilityRef, EventRef } from '@plaudit/kernel';
import { QuestionAnswered, QuestionCreated, QuestionsPublic } from '@plaudit/contracts/questions';
import { RequestReviewed, RequestSent } from '@plaudit/contracts/review-requests';
import { ReviewCreated, ReviewDeleted, ReviewPublished, ReviewReplied, ReviewUpdated, type ChangedReview } from '@plaudit/contracts/reviews';

export const WEBHOOK_TOPICS = [
  'review.created',
  'review.published',
  'review.updated',
  'review.deleted',
  'review.replied',
  'request.sent',
  'request.reviewed',
  'question.created',
  'question.answered',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

/** What this plugin reads of every event it forwards: the shop, and for review changes the reviews. */
export interface ForwardedEvent {
  shopId: number;
  shopDomain: string;
  reviews?: ChangedReview[];
}

/** The durable event each topic forwards: the events this plugin listens to (one per topic, checked by the compiler). */
export const WEBHOOK_EVENTS: Record<WebhookTopic, EventRef<ForwardedEvent>> = {
  'review.created': ReviewCreated,
  'review.published': ReviewPublished,
  'review.updated': ReviewUpdated,
  'review.deleted': ReviewDeleted,
  'review.replied': ReviewReplied,
  'request.sent': RequestSent,
  'request.reviewed': RequestReviewed,
  'question.created': QuestionCreated,
  'question.answered': QuestionAnswered,
};

/**
 * Topics that exist only with a capability: without the questions plugin nothing emits question.*
 * events, so they are neither listed to the merchant nor accepted in a subscription.
 */
export const TOPIC_NEEDS: Partial<Record<WebhookTopic, CapabilityRef<unknown>>> = {
  'question.created': QuestionsPublic,
  'question.answered': QuestionsPublic,
};

/** The topics this server offers, given which capabilities are installed. */
export const offeredTopics = (has: (capability: CapabilityRef<unknown>) => boolean): WebhookTopic[] =>
  WEBHOOK_TOPICS.filter((topic) => !TOPIC_NEEDS[topic] || has(TOPIC_NEEDS[topic]!));
