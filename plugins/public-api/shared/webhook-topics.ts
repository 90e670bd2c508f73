// Outgoing webhook topics: the public API's own names, public and versioned (WEBHOOKS.md, the OpenAPI
// enum, stored in merchants' subscriptions). Each is declared on the contract reference of the durable
// event it forwards (`webhookTopic(...)` in contracts/), so it is kept when an event is renamed inside
// Plaudit, and this plugin spells no event's id; the list below is those references. The reviews,
// review-requests, questions and insights plugins emit them.
import type { CapabilityRef, EventRef } from '@plaudit/kernel';
import { ReviewInsights, TopicsChanged } from '@plaudit/contracts/insights';
import { QuestionAnswered, QuestionCreated, QuestionsPublic } from '@plaudit/contracts/questions';
import { RequestReviewed, RequestSent } from '@plaudit/contracts/review-requests';
import { ReviewCreated, ReviewDeleted, ReviewPublished, ReviewReplied, ReviewUpdated, type ChangedReview } from '@plaudit/contracts/reviews';

/** What this plugin reads of every event it forwards: the shop, and for review changes the reviews. */
export interface ForwardedEvent {
  shopId: number;
  shopDomain: string;
  reviews?: ChangedReview[];
}

/** The durable events this plugin forwards, in the documented order of their topics (checked by the compiler: each carries what ForwardedEvent reads). */
const FORWARDED = [
  ReviewCreated,
  ReviewPublished,
  ReviewUpdated,
  ReviewDeleted,
  ReviewReplied,
  RequestSent,
  RequestReviewed,
  QuestionCreated,
  QuestionAnswered,
  TopicsChanged,
] as const satisfies readonly EventRef<ForwardedEvent>[];

export type WebhookTopic = (typeof FORWARDED)[number]['webhookTopic'];
export const WEBHOOK_TOPICS = FORWARDED.map((event) => event.webhookTopic) as [WebhookTopic, ...WebhookTopic[]];

/** The durable event each topic forwards: the events this plugin listens to. */
export const WEBHOOK_EVENTS = Object.fromEntries(FORWARDED.map((event): [WebhookTopic, EventRef<ForwardedEvent>] => [event.webhookTopic, event])) as Record<
  WebhookTopic,
  EventRef<ForwardedEvent>
>;

/**
 * Topics that exist only with a capability: without the questions plugin nothing emits question.*
 * events, without insights no topics.updated, so they are neither listed to the merchant nor
 * accepted in a subscription.
 */
export const TOPIC_NEEDS: Partial<Record<WebhookTopic, CapabilityRef<unknown>>> = {
  [QuestionCreated.webhookTopic]: QuestionsPublic,
  [QuestionAnswered.webhookTopic]: QuestionsPublic,
  [TopicsChanged.webhookTopic]: ReviewInsights,
};

/** The topics this server offers, given which capabilities are installed. */
export const offeredTopics = (has: (capability: CapabilityRef<unknown>) => boolean): WebhookTopic[] =>
  WEBHOOK_TOPICS.filter((topic) => !TOPIC_NEEDS[topic] || has(TOPIC_NEEDS[topic]!));
