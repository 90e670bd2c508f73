// Custom review questions in the storefront (issue 33), from the review-questions plugin's capability
// (contracts/review-questions.ts `ReviewQuestions`): the form's fields, the review box's distributions,
// its answer filter and "% would recommend". Without the plugin the widgets show none of it.
import type { Capabilities } from '@plaudit/kernel';
import { ReviewQuestions, type ReviewQuestionsApi } from '@plaudit/contracts/review-questions';

export function reviewQuestionsOf(services: { capabilities: Pick<Capabilities, 'get'> }): ReviewQuestionsApi | undefined {
  return services.capabilities.get(ReviewQuestions);
}
