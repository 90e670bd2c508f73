// QuestionsExport and QuestionsImport (@plaudit/contracts/questions): a shop's questions and answers
// out to a file and in from one (issue 20, "in the import/export formats that have them"), for the
// imports plugin; made in db/transfer.ts. Here: the batch sizes and the import's validation.
import { z } from 'zod';
import { findUnsafeText } from '@plaudit/kernel';
import { MAX_ANSWER, MAX_QUESTION, STATUSES } from './question';

export const TRANSFER_BATCH = { default: 500, max: 2000 } as const;
/** Questions per import call: one transaction, all or none. */
export const IMPORT_MAX_QUESTIONS = 1000;
/** A date this far ahead of our clock is a mistake in the file, not clock skew. */
const FUTURE_SLACK_MS = 24 * 3_600_000;

const text = (max: number) => z.string().trim().min(1, 'This field is required').max(max);
const pastDate = z.coerce.date().refine((d) => d.getTime() <= Date.now() + FUTURE_SLACK_MS, 'The date must not be in the future');
const key = z.string().min(1).max(200);

export const importedAnswer = z
  .object({
    /** the answer's identity in its source: imported once per shop */
    importKey: key,
    author: z.enum(['merchant', 'community']).default('merchant'),
    authorName: text(255),
    body: text(MAX_ANSWER),
    status: z.enum(STATUSES).default('published'),
    helpfulCount: z.number().int().min(0).default(0),
    createdAt: pastDate.optional(),
  })
  .strict();

export const importedQuestion = z
  .object({
    /** the question's identity in its source: a question already imported gets only its new answers */
    importKey: key,
    productId: z.string().regex(/^gid:\/\/shopify\/Product\/\d+$/, 'The value is invalid'),
    productTitle: z.string().trim().max(512).nullish(),
    productHandle: z.string().trim().max(255).nullish(),
    askerName: text(255),
    askerEmail: z.email('Invalid email').max(320).nullish(),
    body: text(MAX_QUESTION * 5),
    locale: z.string().trim().min(2).max(16).default('en'),
    status: z.enum(STATUSES).default('published'),
    helpfulCount: z.number().int().min(0).default(0),
    createdAt: pastDate.optional(),
    answeredAt: pastDate.nullish(),
    answers: z.array(importedAnswer).max(100).default([]),
  })
  .strict()
  // PostgreSQL refuses NUL; unpaired surrogates are not Unicode
  .superRefine((q, ctx) => {
    const at = findUnsafeText(q);
    if (at !== undefined) ctx.addIssue({ code: 'custom', path: at.split('.'), message: 'Text must not contain NUL characters or unpaired surrogates' });
  });

export const importedQuestions = z
  .array(importedQuestion)
  .min(1, 'There is nothing to import')
  .max(IMPORT_MAX_QUESTIONS, `At most ${IMPORT_MAX_QUESTIONS} questions can be imported at once`);

export type ImportedQuestion = z.output<typeof importedQuestion>;
