// Questions and answers on product pages (issue 20): shoppers ask through the storefront block, the
// merchant is mailed, moderates and answers in the admin (/questions), the asker is mailed the
// answer. A second-tier feature (spec section 6).
import { z } from 'zod';
import { definePlugin, provide } from '@plaudit/kernel';
import {
  QuestionAnswered,
  QuestionCommunityAnswer,
  QuestionCreated,
  QuestionInvited,
  QuestionsAnalytics,
  QuestionsExport,
  QuestionsImport,
  QuestionsPublic,
} from '@plaudit/contracts/questions';
import { RequestBuyers } from '@plaudit/contracts/review-requests';
import { questionsPublic } from './api/public-capability';
import { questionsAnalyticsSource } from './db/analytics';
// a shop's questions and answers out to a file and in from one (the imports plugin; shared/transfer.ts)
import { questionsExport, questionsImport } from './db/transfer';

export default definePlugin({
  id: 'questions',
  features: { questions: 'second' },
  // the public API's questions and its question.* webhooks' data (plugins/public-api)
  // and questions asked and answered per local day for the analytics plugin (shared/analytics.ts)
  provides: [
    provide(QuestionsPublic, questionsPublic),
    provide(QuestionsAnalytics, ({ knex }) => questionsAnalyticsSource(knex)),
    provide(QuestionsExport, questionsExport),
    provide(QuestionsImport, questionsImport),
  ],
  // the merchant's mail about a new question or community answer (at once or in the hourly digest),
  // the asker's mail about an answer, each community invitation's mail: none may be lost
  listens: [QuestionCreated, QuestionAnswered, QuestionInvited, QuestionCommunityAnswer],
  // the invited buyer's answer page (/qa/answer/<token>) names the invitation
  links: { answer: z.object({ invitation: z.number().int().positive() }) },
  // a product's verified buyers and review requests' unsubscribe link; without it no community invitations
  needs: [RequestBuyers],
});
