// The webhooks panel's calls (api/webhook-routes.ts).
import { apiJson } from '@plaudit/kernel/admin';
import type { WebhookDeliveryView, WebhookSubscriptionView } from '../shared/webhooks';
import type { WebhookTopic } from '../shared/webhook-topics';

export interface WebhookList {
  items: WebhookSubscriptionView[];
  topics: WebhookTopic[];
  access: { allowed: boolean; tier: string };
}
export interface DeliveryPage {
  items: WebhookDeliveryView[];
  pageInfo: { nextCursor: string | null; hasNextPage: boolean };
}

const send = (method: string, body?: unknown): RequestInit => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

export const loadWebhooks = () => apiJson<WebhookList>('/webhooks');
export const addWebhook = (url: string, topics: WebhookTopic[]) =>
  apiJson<WebhookSubscriptionView & { secret: string }>('/webhooks', send('POST', { url, topics }));
export const updateWebhook = (id: number, patch: { enabled?: boolean; url?: string; topics?: WebhookTopic[] }) =>
  apiJson<WebhookSubscriptionView>(`/webhooks/${id}`, send('PATCH', patch));
export const deleteWebhook = (id: number) => apiJson<{ id: number }>(`/webhooks/${id}`, send('DELETE'));
export const revealSecret = (id: number) => apiJson<{ secret: string }>(`/webhooks/${id}/secret`);
export const rollSecret = (id: number) => apiJson<{ secret: string }>(`/webhooks/${id}/secret/roll`, send('POST'));
export const pingWebhook = (id: number) => apiJson<WebhookDeliveryView>(`/webhooks/${id}/ping`, send('POST'));
export const loadDeliveries = (id: number, cursor?: string | null) =>
  apiJson<DeliveryPage>(`/webhooks/${id}/deliveries?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
export const redeliver = (id: number, deliveryId: string) => apiJson<WebhookDeliveryView>(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`, send('POST'));

/** 'review.created' -> the label key 'public-api:webhooks.topic.review_created' */
export const topicLabel = (topic: string) => `public-api:webhooks.topic.${topic.replace('.', '_')}`;
