// The public API (issue 16): API keys, the versioned REST API `/api/public/v1` described by an
// OpenAPI 3.1 document generated from the zod schemas that validate it, and outgoing webhooks
// signed with HMAC-SHA256 and delivered by a workflow each. Third tier (spec section 6: "API and
// webhook, headless"). Reviews, review requests and questions are reached through their plugins' capabilities.
import { definePlugin } from '@plaudit/kernel';
import { ReviewInsights } from '@plaudit/contracts/insights';
import { ProductGroups } from '@plaudit/contracts/product-groups';
import { QuestionsPublic } from '@plaudit/contracts/questions';
import { RequestsPublic } from '@plaudit/contracts/review-requests';
import { ReviewAdmin, ReviewFeed } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { WEBHOOK_EVENTS } from './shared/webhook-topics';

export default definePlugin({
  id: 'public-api',
  features: { publicApi: 'third' },
  // without them the matching routes answer 503 with the missing plugin named (ReviewFeed: the
  // storefront operations, api/v1/storefront.ts, and the product summaries); without QuestionsPublic
  // the /questions operations and the question.* topics are not offered at all; without
  // ReviewQuestions the reviews carry no `answers`; without ReviewInsights no /topics nor topics.updated;
  // without ProductGroups no /product-groups
  needs: [ReviewAdmin, RequestsPublic, ReviewFeed, QuestionsPublic, ReviewQuestions, ReviewInsights, ProductGroups],
  // every event that becomes a webhook topic, handled durably (activities/index.ts)
  listens: Object.values(WEBHOOK_EVENTS),
});
