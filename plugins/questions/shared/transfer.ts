// `questions.export` and `questions.import`: a shop's questions and answers out to a file and in from
// one (issue 20, "in the import/export formats that have them"), for the imports plugin. The
// provider's side of the contract; made in db/transfer.ts. Users write their own interface of what
// they rely on (plugins never import each other).
import { z } from 'zod';
import { findUnsafeText, type Tenant } from '@plaudit/kernel';
import { MAX_ANSWER, MAX_QUESTION, STATUSES, type Status } from './question';

export const TRANSFER_BATCH = { default: 500, max: 2000 } as const;
/** Questions per import call: one transaction, all or none. */
export const IMPORT_MAX_QUESTIONS = 1000;
/** A date this far ahead of our clock is a mistake in the file, not clock skew. */
const FUTURE_SLACK_MS = 24 * 3_600_000;

export interface ExportedAnswer {
  id: number;
  author: 'merchant' | 'community';
  authorName: string;
  body: string;
  status: Status;
  helpfulCount: number;
  createdAt: Date;
}

/** One question with every answer (any status), oldest answer first; internal columns left out. */
export interface ExportedQuestion {
  id: number;
  productId: string;
  productHandle: string | null;
  productTitle: string | null;
  askerName: string;
  askerEmail: string | null;
  body: string;
  locale: string;
  status: Status;
  helpfulCount: number;
  /** when its first answer was published; null while it has none */
  answeredAt: Date | null;
  createdAt: Date;
  answers: ExportedAnswer[];
}

export interface QuestionsExport {
  /**
   * The tenant's questions, oldest first (created at, then id), `batchSize` at a time (1..2,000,
   * default 500), each with its answers. Keyset paging: each batch is one indexed query after the
   * last question of the batch before, so memory stays at one batch.
   */
  exportBatches(tenant: Tenant, batchSize?: number): AsyncIterable<ExportedQuestion[]>;
}

const text = (max: number) => z.string().trim().min(1, 'This field is required').max(max);
const pastDate = z.coerce.date().refine((d) => d.getTime() <= Date.now() + FUTURE_SLACK_MS, 'The date must not be in the future');
const key = z.string().min(1).max(200);

export const importedAnswer = z.object({
  /** the answer's identity in its source: imported once per shop */
  importKey: key,
  author: z.enum(['merchant', 'community']).default('merchant'),
  authorName: text(255),
  body: text(MAX_ANSWER),
  status: z.enum(STATUSES).default('published'),
  helpfulCount: z.number().int().min(0).default(0),
  createdAt: pastDate.optional(),
}).strict();

export const importedQuestion = z.object({
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
}).strict()
  // PostgreSQL refuses NUL; unpaired surrogates are not Unicode
  .superRefine((q, ctx) => {
    const at = findUnsafeText(q);
    if (at !== undefined) ctx.addIssue({ code: 'custom', path: at.split('.'), message: 'Text must not contain NUL characters or unpaired surrogates' });
  });

export const importedQuestions = z.array(importedQuestion).min(1, 'There is nothing to import').max(IMPORT_MAX_QUESTIONS, `At most ${IMPORT_MAX_QUESTIONS} questions can be imported at once`);

export type ImportedQuestionInput = z.input<typeof importedQuestion>;
export type ImportedQuestion = z.output<typeof importedQuestion>;

export interface QuestionsImportResult {
  /** import keys of the questions created by this call (a key the shop had is left out) */
  questions: string[];
  /** import keys of the answers created by this call */
  answers: string[];
}

export interface QuestionsImport {
  /**
   * Creates the questions and their answers in one transaction, all or none: a bad row throws a
   * ZodError whose issue paths start with the question's index. A question whose key the shop has is
   * not created again, but its answers with new keys are added to it (a file's rows of one question
   * may come in two calls). A second merchant answer to a question is skipped (one per question).
   * No `question.*` events and no mails: imported questions are not new; they are stamped notified.
   */
  importQuestions(tenant: Tenant, rows: ImportedQuestionInput[]): Promise<QuestionsImportResult>;
}
