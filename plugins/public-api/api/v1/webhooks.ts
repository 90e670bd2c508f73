// /webhooks: an integrator's webhook subscriptions under the `webhooks` scope, the same actions as
// the admin's webhooks panel (api/webhook-actions.ts). Test pings and secret rolls stay in the
// admin: a key that leaked must not be able to take over the signing secret of other endpoints.
import { z } from 'zod';
import { ReviewCreated, ReviewPublished } from '@plaudit/contracts/reviews';
import { presentDelivery, presentSubscription } from '../../db/webhooks';
import { subscriptionInput, subscriptionPatch } from '../../shared/webhooks';
import { WEBHOOK_TOPICS } from '../../shared/webhook-topics';
import { webhookActions } from '../webhook-actions';
import { cursor, idParams, INVALID, limit, pageInfo } from './common';
import { defineOperation } from './operation';

const TAG = 'Webhooks';
const SCOPE = 'webhooks';
const subscriptionId = idParams('webhook subscription');
const NOT_FOUND = { 404: { description: 'No webhook subscription (or delivery) of this shop has this id' } };
const instant = z.iso.datetime();

export const subscriptionSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    topics: z.array(z.enum(WEBHOOK_TOPICS)),
    enabled: z.boolean(),
    disabledReason: z
      .enum(['failing', 'merchant'])
      .nullable()
      .meta({ description: "'failing': switched off after a day of failed deliveries; 'merchant': switched off by hand" }),
    disabledAt: instant.nullable(),
    consecutiveFailures: z.number().int().meta({ description: 'failed attempts since the last accepted delivery' }),
    failingSince: instant.nullable(),
    lastSuccessAt: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({
    id: 'WebhookSubscription',
    example: {
      id: 7,
      url: 'https://hooks.example.com/plaudit',
      topics: [ReviewCreated.webhookTopic, ReviewPublished.webhookTopic],
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      consecutiveFailures: 0,
      failingSince: null,
      lastSuccessAt: '2026-11-27T08:00:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    },
  });

const createdSchema = subscriptionSchema
  .extend({
    secret: z
      .string()
      .meta({ description: 'The signing secret (WEBHOOKS.md: verifying a delivery). Shown in this answer only; the app shows it again to the merchant.' }),
  })
  .meta({ id: 'WebhookSubscriptionCreated' });

export const deliverySchema = z
  .object({
    id: z.string().meta({ description: 'The delivery id (header Plaudit-Webhook-Id), the same on every retry and redelivery' }),
    subscriptionId: z.number().int(),
    topic: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    redeliveries: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastResponse: z.string().nullable().meta({ description: "the endpoint's last answer, at most 2 KB" }),
    lastError: z.string().nullable(),
    lastAttemptAt: instant.nullable(),
    nextAttemptAt: instant.nullable(),
    createdAt: instant,
    payload: z.unknown().meta({ description: "the delivery's `data`" }),
  })
  .meta({ id: 'WebhookDelivery' });

const deliveryParams = subscriptionId.extend({
  deliveryId: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, INVALID)
    .meta({ description: 'The delivery id' }),
});

export const webhookOperations = [
  defineOperation({
    method: 'get',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhook subscriptions',
    tags: [TAG],
    scope: SCOPE,
    responses: {
      200: { description: "The shop's subscriptions", schema: z.object({ items: z.array(subscriptionSchema) }).meta({ id: 'WebhookSubscriptionList' }) },
    },
    async handler(ctx, _input, services) {
      return { body: { items: (await webhookActions(services).list(ctx.state.tenant)).map(presentSubscription) } };
    },
  }),

  defineOperation({
    method: 'post',
    path: '/webhooks',
    operationId: 'createWebhook',
    summary: 'Subscribe an endpoint to topics',
    description:
      'An https URL on a public address and the topics it receives (WEBHOOKS.md lists them and their payloads). At most 10 per shop (409 WEBHOOK_LIMIT).',
    tags: [TAG],
    scope: SCOPE,
    body: subscriptionInput.meta({
      id: 'WebhookSubscriptionInput',
      example: { url: 'https://hooks.example.com/plaudit', topics: [ReviewCreated.webhookTopic] },
    }),
    idempotent: true,
    responses: {
      201: { description: 'The subscription, with its signing secret', schema: createdSchema },
      409: { description: 'The shop has 10 subscriptions already' },
    },
    async handler(ctx, { body }, services) {
      const { row, secret } = await webhookActions(services).create(ctx.state.tenant, body);
      return { status: 201, body: { ...presentSubscription(row), secret } };
    },
  }),

  defineOperation({
    method: 'get',
    path: '/webhooks/:id',
    operationId: 'getWebhook',
    summary: 'Get a webhook subscription',
    tags: [TAG],
    scope: SCOPE,
    params: subscriptionId,
    responses: { 200: { description: 'The subscription', schema: subscriptionSchema }, ...NOT_FOUND },
    async handler(ctx, { params }, services) {
      return { body: presentSubscription(await webhookActions(services).find(ctx.state.tenant, params.id)) };
    },
  }),

  defineOperation({
    method: 'patch',
    path: '/webhooks/:id',
    operationId: 'updateWebhook',
    summary: 'Change or switch a webhook subscription on or off',
    description: 'Switching a subscription back on clears its failure history.',
    tags: [TAG],
    scope: SCOPE,
    params: subscriptionId,
    body: subscriptionPatch.meta({ id: 'WebhookSubscriptionPatch', example: { enabled: false } }),
    responses: { 200: { description: 'The subscription as it is now', schema: subscriptionSchema }, ...NOT_FOUND },
    async handler(ctx, { params, body }, services) {
      const actions = webhookActions(services);
      return { body: presentSubscription(await actions.update(ctx.state.tenant, await actions.find(ctx.state.tenant, params.id), body)) };
    },
  }),

  defineOperation({
    method: 'delete',
    path: '/webhooks/:id',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook subscription and its delivery log',
    tags: [TAG],
    scope: SCOPE,
    params: subscriptionId,
    responses: {
      200: { description: 'Deleted', schema: z.object({ id: z.number().int(), deleted: z.literal(true) }).meta({ id: 'WebhookSubscriptionDeleted' }) },
      ...NOT_FOUND,
    },
    async handler(ctx, { params }, services) {
      const actions = webhookActions(services);
      await actions.remove(ctx.state.tenant, await actions.find(ctx.state.tenant, params.id));
      return { body: { id: params.id, deleted: true } };
    },
  }),

  defineOperation({
    method: 'get',
    path: '/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: "A subscription's deliveries, newest first",
    tags: [TAG],
    scope: SCOPE,
    params: subscriptionId,
    query: z.object({ cursor, limit: limit(25) }),
    responses: {
      200: { description: 'A page of deliveries', schema: z.object({ items: z.array(deliverySchema), pageInfo }).meta({ id: 'WebhookDeliveryPage' }) },
      ...NOT_FOUND,
    },
    async handler(ctx, { params, query }, services) {
      const actions = webhookActions(services);
      const page = await actions.deliveries(ctx.state.tenant, await actions.find(ctx.state.tenant, params.id), query);
      return { body: { items: page.rows.map(presentDelivery), pageInfo: { nextCursor: page.nextCursor, hasNextPage: page.nextCursor !== null } } };
    },
  }),

  defineOperation({
    method: 'post',
    path: '/webhooks/:id/deliveries/:deliveryId/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Send a delivery again',
    description:
      'One more attempt of the same delivery (same id: receivers that store the ids they processed ignore it). 409 DELIVERY_PENDING while it is still being tried.',
    tags: [TAG],
    scope: SCOPE,
    params: deliveryParams,
    responses: {
      202: { description: 'The delivery, pending again', schema: deliverySchema },
      ...NOT_FOUND,
      409: { description: 'The delivery is still being tried' },
    },
    async handler(ctx, { params }, services) {
      const actions = webhookActions(services);
      const delivery = await actions.findDelivery(ctx.state.tenant, params.id, params.deliveryId);
      return { status: 202, body: presentDelivery(await actions.redeliver(ctx.state.tenant, delivery)) };
    },
  }),
];
