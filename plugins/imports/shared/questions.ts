// What the imports plugin relies on from the questions plugin's `questions.export` and
// `questions.import` capabilities (their provider side is plugins/questions/shared/transfer.ts): a
// shop's questions with their answers in keyset batches, and questions written all or none per call,
// de-duplicated by import key.
import type { Tenant } from '@plaudit/kernel';

export type QuestionStatus = 'published' | 'unpublished' | 'pending';
export type AnswerAuthor = 'merchant' | 'community';

export interface ExportedAnswer {
  id: number;
  author: AnswerAuthor;
  authorName: string;
  body: string;
  status: QuestionStatus;
  helpfulCount: number;
  createdAt: Date;
}

export interface ExportedQuestion {
  id: number;
  productId: string;
  productHandle: string | null;
  productTitle: string | null;
  askerName: string;
  askerEmail: string | null;
  body: string;
  locale: string;
  status: QuestionStatus;
  helpfulCount: number;
  answeredAt: Date | null;
  createdAt: Date;
  answers: ExportedAnswer[];
}

export interface QuestionsExport {
  exportBatches(tenant: Tenant, batchSize?: number): AsyncIterable<ExportedQuestion[]>;
}

export interface NewImportedAnswer {
  importKey: string;
  author: AnswerAuthor;
  authorName: string;
  body: string;
  status: QuestionStatus;
  helpfulCount: number;
  createdAt?: Date;
}

export interface NewImportedQuestion {
  importKey: string;
  productId: string;
  productTitle: string | null;
  productHandle: string | null;
  askerName: string;
  askerEmail: string | null;
  body: string;
  locale: string;
  status: QuestionStatus;
  helpfulCount: number;
  createdAt?: Date;
  answeredAt?: Date | null;
  answers: NewImportedAnswer[];
}

export interface QuestionsImporter {
  /** all or none; a bad row throws a ZodError whose issue paths start with the question's index */
  importQuestions(tenant: Tenant, rows: NewImportedQuestion[]): Promise<{ questions: string[]; answers: string[] }>;
}

export const QUESTIONS_EXPORT = 'questions.export';
export const QUESTIONS_IMPORT = 'questions.import';
