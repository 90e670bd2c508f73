// The kinds and scopes of a question, apart from the zod schemas so the admin's screens carry no zod.
import type { ReviewQuestionKind } from '@plaudit/contracts/review-questions';

export const KINDS = ['scale', 'single', 'multiple', 'yesno'] as const satisfies readonly ReviewQuestionKind[];
export const SCOPES = ['all', 'types', 'tags'] as const;
export type Scope = (typeof SCOPES)[number];
