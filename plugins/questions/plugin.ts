// Questions and answers on product pages (issue 20): shoppers ask through the storefront block, the
// merchant is mailed, moderates and answers in the admin (/questions), the asker is mailed the
// answer. A second-tier feature (spec section 6).
import { z } from 'zod';
import { definePlugin } from '@plaudit/kernel';
import { questionsPublic } from './api/public-capability';

export default definePlugin({
  id: 'questions',
  features: { questions: 'second' },
  // the public API's questions and its question.* webhooks' data (plugins/public-api)
  provides: { 'questions.public': questionsPublic },
  // the merchant's mail about a new question, the asker's mail about an answer, each community
  // invitation's mail ("ask the community"): none may be lost
  listens: ['question.created', 'question.answered', 'question.invited'],
  // the invited buyer's answer page (/qa/answer/<token>) names the invitation
  links: { answer: z.object({ invitation: z.number().int().positive() }) },
  // a product's verified buyers and review requests' unsubscribe link; without it no community invitations
  needs: { 'review-requests.buyers': 'optional' },
});
