// The review-questions plugin's contract (see README.md): custom questions asked with a review ("How
// does it fit?", "Would you recommend it?"), their answers and what the review box shows of them.
// The plugin owns both sides of the exchange: the review forms ask for the questions of a product,
// check the answers and record them in the review's own transaction; the widgets ask for the
// distributions and the reviews matching an answer. Review-questions calls nothing of reviews; it
// listens to the reviews' change events to know which answered reviews are published.
import type { EmitOptions, Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

/** The caller's knex transaction. */
type Transaction = NonNullable<EmitOptions['trx']>;

export type ReviewQuestionKind = 'scale' | 'single' | 'multiple' | 'yesno';

/** One choice of a single- or multiple-choice question; `key` is what answers store, never reused. */
export interface ReviewQuestionOption {
  key: string;
  label: string;
}

/** A question as the forms and the review box show it. */
export interface AskedQuestion {
  id: number;
  kind: ReviewQuestionKind;
  label: string;
  required: boolean;
  /** scale: the number of points (3 to 7), answered '1'..'<points>' */
  points: number | null;
  /** scale: the words at both ends ("Runs small", "Runs large") */
  lowLabel: string | null;
  highLabel: string | null;
  /** single and multiple: the choices; yes/no and scale: none */
  options: ReviewQuestionOption[];
  /** a yes/no question whose "yes" share is the review box's "% would recommend" */
  recommend: boolean;
}

/** The product a form is for: its type and tags choose the questions (fetched from the store when absent). */
export interface QuestionProduct {
  productId: string | null;
  productType?: string;
  tags?: string[];
}

/** One recorded answer: the question and the chosen values (option keys, 'yes'/'no', or the scale point). */
export interface ReviewAnswer {
  questionId: number;
  values: string[];
}

/** What the form's answers became: the answers to record, or the per-field messages (field = `q<id>`). */
export interface CheckedAnswers {
  answers: ReviewAnswer[];
  errors: Record<string, string>;
}

/** One question's counts over a product's published reviews. */
export interface AnswerDistribution {
  question: AskedQuestion;
  /** reviews that answered it */
  total: number;
  /** per value ('yes', an option key, a scale point) in the question's order */
  counts: { value: string; label: string; count: number }[];
}

/** The review box's numbers for a product: each question's distribution and the recommend share. */
export interface ProductAnswers {
  distributions: AnswerDistribution[];
  /** whole percent of the recommend question's answers that are yes; null without such answers */
  recommendPercent: number | null;
}

/** A shopper's filter in the review box: reviews whose answer to `questionId` holds `value`. */
export interface AnswerFilter {
  questionId: number;
  value: string;
}

/**
 * 'review-questions.answers': the questions of a product, the form section that asks them, the
 * check of a form's answers and their recording with the review, and the review box's figures.
 * Without it the forms ask nothing more and the box shows no answers.
 */
export interface ReviewQuestionsApi {
  /** the shop's live questions that apply to this product, in the merchant's order */
  forProduct(tenant: Tenant, product: QuestionProduct): Promise<AskedQuestion[]>;
  /** the questions' fields for a server-rendered form (HTML, escaped), in the customer's language; '' without questions */
  formSection(questions: AskedQuestion[], lang: string, values?: Record<string, string>, errors?: Record<string, string>): string;
  /** reads the form's fields (`q<id>`, `q<id>.<key>` for a multiple choice) against the questions */
  check(questions: AskedQuestion[], fields: Record<string, string>, lang: string): CheckedAnswers;
  /** records the answers of the review just inserted, in its transaction (insert-only: answers are never changed) */
  record(trx: Transaction, tenant: Tenant, review: { id: number; productId: string | null; published: boolean }, answers: ReviewAnswer[]): Promise<void>;
  /** a product's distributions over its published reviews (null: the store's reviews); yes/no labelled in `lang` */
  productAnswers(tenant: Tenant, productId: string | null, lang?: string): Promise<ProductAnswers>;
  /** the published reviews of the product whose answer matches, newest first, at most `limit` */
  matchingReviews(tenant: Tenant, productId: string | null, filter: AnswerFilter, limit: number): Promise<number[]>;
  /** changes whenever what the review box shows of the questions changes (a question edited, an answered review shown or hidden) */
  version(tenant: Tenant): Promise<string>;
  /**
   * Answers from an import file (Plaudit's export), by labels: each matched to the shop's question of
   * that label and its choices' labels (case-insensitive), recorded insert-only with the review just
   * imported. An answer naming no question or no choice of it is left out; answers how many were recorded.
   */
  importAnswers(
    tenant: Tenant,
    reviews: { id: number; productId: string | null; published: boolean; answers: { question: string; labels: string[] }[] }[],
  ): Promise<number>;
  /** how reviewers answered each question in the shop's local days `from`..`to` (every status; analytics) */
  periodAnswers(tenant: Tenant, range: { from: string; to: string; timezone: string }): Promise<AnswerDistribution[]>;
  /** each review's answers, for the API and exports */
  answersOf(tenant: Tenant, reviewIds: number[], lang?: string): Promise<Map<number, (ReviewAnswer & { label: string; valueLabels: string[] })[]>>;
}
export const ReviewQuestions = defineCapability<ReviewQuestionsApi>('review-questions.answers');
