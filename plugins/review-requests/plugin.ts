import { z } from 'zod';
import { definePlugin, provide } from '@plaudit/kernel';
import { ShopPlanChanged } from '@plaudit/contracts/kernel';
import { SenderApp } from '@plaudit/contracts/email-marketing';
import { PushGateway } from '@plaudit/contracts/push';
import { MessageStatusChanged, Messaging } from '@plaudit/contracts/messaging';
import { ReviewAdmin, ReviewCreated, ReviewFacts, ReviewMediaAdded, ReviewWrite } from '@plaudit/contracts/reviews';
import { RequestBuyers, RequestFacts, RequestQuota, RequestsAnalytics, RequestsPublic } from '@plaudit/contracts/review-requests';
import { requestFacts } from './db/facts';
import { requestQuota } from './db/quota';
import { requestsPublic } from './api/public';
import { requestsAnalytics } from './db/analytics';
import { requestBuyers } from './api/buyers';

const COMMON = ['shop_name', 'shop_url', 'customer_first_name', 'customer_name'];
const SAMPLE = { shop_name: 'Shop', shop_url: 'https://shop.example', customer_first_name: 'Jane', customer_name: 'Jane Doe' };

export default definePlugin({
  id: 'review-requests',
  // emailCss: the request emails' own custom CSS (the widgets' custom CSS is the widgets plugin's 'customCss')
  features: { photoReminder: 'base', pushAction: 'base', unlimitedRequests: 'second', interactiveEmail: 'second', emailCss: 'base' },
  webhookTopics: ['orders/create', 'orders/fulfilled', 'fulfillments/create', 'fulfillments/update', 'fulfillment_events/create'],
  // The links in request emails: the open pixel and unsubscribe name the queue entry and its order;
  // the click redirect (every other link of a request, reminder or push) the entry and the target.
  links: {
    open: z.object({ queueEntry: z.number().int(), orderId: z.string() }),
    // `rating`: one of the email's stars (issue 32): the click also starts the review
    click: z.object({ queueEntry: z.number().int(), to: z.string().url().max(4000), rating: z.number().int().min(1).max(5).optional() }),
    // "Not arrived yet?" (issue 32): the request waits for the delivery, or a week, and comes again
    postpone: z.object({ queueEntry: z.number().int(), orderId: z.string() }),
    unsubscribe: z.object({ queueEntry: z.number().int(), orderId: z.string() }),
    verifySender: z.object({ email: z.string() }),
  },
  // ReviewMediaAdded: photos added later to a review answer the request's last funnel step.
  // MessageStatusChanged: a text message's delivery receipt (issue 32, plugins/messaging).
  listens: [ReviewCreated, ReviewMediaAdded, ShopPlanChanged, MessageStatusChanged],
  // The order behind a queue entry, for the email-marketing apps' events (the reviews plugin's write
  // page gets it from RequestEligible instead: docs/plugins.md, "Contracts").
  // The public API's requests (plugins/public-api): list, create for an order, cancel (shared/public.ts).
  // The request funnel's daily facts and the clicks UTM parameters name, for plugins/analytics (db/analytics.ts).
  provides: [
    provide(RequestFacts, () => requestFacts),
    provide(RequestQuota, () => ({ monthly: requestQuota })),
    provide(RequestsPublic, requestsPublic),
    provide(RequestsAnalytics, ({ knex }) => requestsAnalytics(knex)),
    provide(RequestBuyers, (services) => requestBuyers(services)), // a product's verified buyers and the unsubscribe link (api/buyers.ts)
  ],
  // The emails merchants edit (the kernel's template registry); default texts in locales/<lang>.json.
  emailTemplates: {
    reviewReminder: {
      variables: [...COMMON, 'order_name', 'products', 'review_url', 'unsubscribe_url'],
      productButtons: true,
      // the five one-click rating links under each product (shops with interactiveEmail; issue 32)
      productStars: true,
      sample: {
        ...SAMPLE,
        order_name: '#1001',
        products: [
          { title: 'Linen shirt', review_url: SAMPLE.shop_url, rating_urls: Array(5).fill(SAMPLE.shop_url) },
          { title: 'Canvas tote bag', review_url: SAMPLE.shop_url, rating_urls: Array(5).fill(SAMPLE.shop_url) },
        ],
        review_url: SAMPLE.shop_url,
        unsubscribe_url: SAMPLE.shop_url,
      },
    },
    photoReminder: {
      feature: 'photoReminder',
      defaults: { sendFor: 4 },
      variables: [...COMMON, 'product_title', 'review_content', 'photo_url'],
      buttonUrl: 'photo_url',
      sample: {
        ...SAMPLE,
        product_title: 'Linen shirt',
        review_content: 'Lovely fabric, runs a little large.',
        photo_url: SAMPLE.shop_url,
        unsubscribe_url: SAMPLE.shop_url,
      },
    },
  },
  // The links in request emails (ReviewWrite, shared/reviews-collect.ts) and the review a photo reminder
  // is about (ReviewFacts); optional: without the reviews plugin, request links lead to the shop and no
  // photo reminder is planned. The shop notifications shown with the email settings (ReviewAdmin).
  // The web-push app (plugins/integration-web-push, OneSignal): push reminders go through it once the
  // shop connected it; without it, or while the shop has not connected it, to the local outbox.
  // The email-marketing app that may send the requests instead of Plaudit's email (shared/sender-app.ts,
  // plugins/integration-klaviyo): without it, or while the shop is not connected, Plaudit sends them.
  // Text messages (issue 32, plugins/messaging): requests by SMS or WhatsApp in the shop's channel order;
  // without it a text channel is skipped as not connected and the request falls back to email.
  needs: [ReviewWrite, ReviewFacts, ReviewAdmin, PushGateway, SenderApp, Messaging],
});
