// References to this plugin's workflows, for its own starts and schedules (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { translateReviewsInto, translationsDetectLanguages } from '../workflows';

export const TranslateReviewsInto = defineWorkflow<typeof translateReviewsInto>('translateReviewsInto');
export const TranslationsDetectLanguages = defineWorkflow<typeof translationsDetectLanguages>('translationsDetectLanguages');
