// Custom review questions (issue 33, deliverable 3): "How does it fit?", "Would you recommend it?",
// defined per shop for all products, some product types or some tags; asked on the review forms,
// answered once and never changed, shown as distributions and filters in the review box. The review
// forms and widgets reach it through ReviewQuestions (contracts/review-questions.ts); it learns which
// answered reviews are published from the reviews' change events. README.md has the decisions.
import { definePlugin, provide } from '@plaudit/kernel';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { ReviewDeleted, ReviewFeed, ReviewPublished, ReviewUpdated } from '@plaudit/contracts/reviews';
import { reviewQuestions } from './api/capability';

export default definePlugin({
  id: 'review-questions',
  provides: [provide(ReviewQuestions, reviewQuestions)],
  listens: [ReviewPublished, ReviewUpdated, ReviewDeleted],
  // the review feed's channel, announced on when the box's figures change (cached boxes drop)
  needs: [ReviewFeed],
});
