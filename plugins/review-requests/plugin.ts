import { z } from 'zod';
import { definePlugin } from '@plaudit/kernel';
import { requestFacts } from './db/facts';
import { requestQuota } from './db/quota';
import { requestsPublic } from './api/public';

const COMMON = ['shop_name', 'shop_url', 'customer_first_name', 'customer_name'];
const SAMPLE = { shop_name: 'Shop', shop_url: 'https://shop.example', customer_first_name: 'Jane', customer_name: 'Jane Doe' };

export default definePlugin({
  id: 'review-requests',
  features: { photoReminder: 'base', pushAction: 'base', unlimitedRequests: 'second', interactiveEmail: 'second' },
  webhookTopics: ['orders/create', 'orders/fulfilled', 'fulfillments/create', 'fulfillments/update', 'fulfillment_events/create'],
  // The links in request emails: the open pixel and unsubscribe name the queue entry and its order.
  links: {
    open: z.object({ queueEntry: z.number().int(), orderId: z.string() }),
    unsubscribe: z.object({ queueEntry: z.number().int(), orderId: z.string() }),
    verifySender: z.object({ email: z.string() }),
  },
  listens: ['review.created', 'shop.plan-changed'],
  // The order behind a review link, for the reviews plugin's review page (optional there).
  // The public API's requests (plugins/public-api): list, create for an order, cancel (shared/public.ts).
  provides: { 'review-requests.facts': () => requestFacts, 'review-requests.quota': () => ({ monthly: requestQuota }), 'review-requests.public': requestsPublic },
  // The emails merchants edit (the kernel's template registry); default texts in locales/<lang>.json.
  emailTemplates: {
    reviewReminder: {
      variables: [...COMMON, 'order_name', 'products', 'review_url', 'unsubscribe_url'],
      productButtons: true,
      sample: { ...SAMPLE, order_name: '#1001', products: [{ title: 'Linen shirt', review_url: SAMPLE.shop_url }, { title: 'Canvas tote bag', review_url: SAMPLE.shop_url }], review_url: SAMPLE.shop_url, unsubscribe_url: SAMPLE.shop_url },
    },
    photoReminder: {
      feature: 'photoReminder',
      defaults: { sendFor: 4 },
      variables: [...COMMON, 'product_title', 'review_content', 'photo_url'],
      buttonUrl: 'photo_url',
      sample: { ...SAMPLE, product_title: 'Linen shirt', review_content: 'Lovely fabric, runs a little large.', photo_url: SAMPLE.shop_url, unsubscribe_url: SAMPLE.shop_url },
    },
  },
  // The links in request emails and the review a photo reminder is about (shared/reviews-collect.ts);
  // optional: without the reviews plugin, request links lead to the shop and no photo reminder is planned.
  needs: { 'reviews.collect': 'optional', 'reviews.notifications': 'optional' },
});
