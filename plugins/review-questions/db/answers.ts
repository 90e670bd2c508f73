// Answers: recorded once with their review (insert-only, the table's trigger refuses updates), and
// read back as the review box's distributions, its answer filter and the API's per-review answers.
// Only reviews whose set is published count (review_answer_sets.published, moved by the reviews'
// events in activities/).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { AnswerDistribution, AnswerFilter, AskedQuestion, ProductAnswers, ReviewAnswer } from '@plaudit/contracts/review-questions';
import { ANSWER_SETS, ANSWERS, asked, liveQuestions, QUESTIONS, type QuestionRow } from './questions';

/** The values a question can take, with their labels, in its order. */
export function choicesOf(q: AskedQuestion, yesNo: { yes: string; no: string }): { value: string; label: string }[] {
  if (q.kind === 'yesno')
    return [
      { value: 'yes', label: yesNo.yes },
      { value: 'no', label: yesNo.no },
    ];
  if (q.kind === 'scale') {
    return Array.from({ length: q.points ?? 5 }, (_, i) => {
      const value = String(i + 1);
      const label = i === 0 ? (q.lowLabel ?? value) : i + 1 === q.points ? (q.highLabel ?? value) : value;
      return { value, label };
    });
  }
  return q.options.map((o) => ({ value: o.key, label: o.label }));
}

export async function recordAnswers(
  trx: Knex.Transaction,
  tenant: Tenant,
  review: { id: number; productId: string | null; published: boolean },
  answers: ReviewAnswer[],
) {
  if (!answers.length) return;
  await tenant.insertInto(ANSWER_SETS, { reviewId: review.id, productId: review.productId, published: review.published }, trx);
  await tenant.insertInto(
    ANSWERS,
    answers.map((a) => ({ reviewId: review.id, questionId: a.questionId, answerValues: a.values })),
    trx,
  );
}

/** Marks answered reviews shown or hidden (the reviews' publish, unpublish and delete events). */
export async function setPublished(tenant: Tenant, reviewIds: number[], published: boolean) {
  if (!reviewIds.length) return;
  await tenant.table(ANSWER_SETS).whereIn('review_id', reviewIds).update({ published });
}

/** A review purged for good takes its answers along (delete, never update). */
export async function purge(tenant: Tenant, reviewIds: number[]) {
  if (!reviewIds.length) return;
  await tenant.table(ANSWER_SETS).whereIn('review_id', reviewIds).del();
}

const sameProduct = (q: Knex.QueryBuilder, productId: string | null) =>
  productId === null ? q.whereNull(`${ANSWER_SETS}.product_id`) : q.where(`${ANSWER_SETS}.product_id`, productId);

/**
 * Each question's total and each value's count among the answers `pick` selects, in one statement and
 * so one snapshot: two queries could each see a different side of a moderation (the totals without a
 * review just unpublished, the counts still with it: "100% would recommend" beside a "No" answer).
 * The unique (review, question) key makes a question's distinct reviews its answers; the grouping
 * set without a value gives the totals.
 */
async function countAnswers(tenant: Tenant, pick: (q: Knex.QueryBuilder) => Knex.QueryBuilder) {
  const counted: { questionId: string; value: string | null; n: string }[] = await tenant
    .table(ANSWERS)
    .join(ANSWER_SETS, (j) => j.on(`${ANSWER_SETS}.shop_id`, `${ANSWERS}.shop_id`).andOn(`${ANSWER_SETS}.review_id`, `${ANSWERS}.review_id`))
    .modify(pick)
    .joinRaw('CROSS JOIN unnest(review_answers.answer_values) AS v(value)')
    .groupByRaw('GROUPING SETS ((review_answers.question_id, v.value), (review_answers.question_id))')
    .select(`${ANSWERS}.question_id`, 'v.value')
    .countDistinct({ n: `${ANSWERS}.review_id` });
  const total = new Map(counted.filter((r) => r.value === null).map((r) => [Number(r.questionId), Number(r.n)]));
  const count = new Map(counted.filter((r) => r.value !== null).map((r) => [`${r.questionId}:${r.value}`, Number(r.n)]));
  return { total, count };
}

export async function productAnswers(tenant: Tenant, productId: string | null, yesNo: { yes: string; no: string }): Promise<ProductAnswers> {
  const questions = (await liveQuestions(tenant)).map(asked);
  if (!questions.length) return { distributions: [], recommendPercent: null };
  const { total, count } = await countAnswers(tenant, (q) => q.where(`${ANSWER_SETS}.published`, true).modify((p) => sameProduct(p, productId)));
  const distributions: AnswerDistribution[] = questions
    .filter((q) => (total.get(q.id) ?? 0) > 0)
    .map((q) => ({
      question: q,
      total: total.get(q.id) ?? 0,
      counts: choicesOf(q, yesNo).map((c) => ({ ...c, count: count.get(`${q.id}:${c.value}`) ?? 0 })),
    }));
  const recommend = distributions.find((d) => d.question.recommend);
  const yes = recommend?.counts.find((c) => c.value === 'yes')?.count ?? 0;
  return { distributions, recommendPercent: recommend ? Math.round((100 * yes) / recommend.total) : null };
}

/** Each question's answers given in the local days `from`..`to` (reviews of every status: the merchant's figures). */
export async function periodAnswers(
  tenant: Tenant,
  range: { from: string; to: string; timezone: string },
  yesNo: { yes: string; no: string },
): Promise<AnswerDistribution[]> {
  const day = 'CAST(review_answer_sets.created_at AT TIME ZONE ? AS date)';
  const { total, count } = await countAnswers(tenant, (q) => q.whereRaw(`${day} BETWEEN ? AND ?`, [range.timezone, range.from, range.to]));
  if (!total.size) return [];
  const questions: QuestionRow[] = await tenant
    .table(QUESTIONS)
    .whereIn('id', [...total.keys()])
    .orderBy([{ column: 'position' }, { column: 'id' }]);
  return questions.map(asked).map((q) => ({
    question: q,
    total: total.get(q.id) ?? 0,
    counts: choicesOf(q, yesNo).map((c) => ({ ...c, count: count.get(`${q.id}:${c.value}`) ?? 0 })),
  }));
}

/**
 * Walks the product's published answered reviews newest first (the sets' partial index, in its
 * order) and looks each one's answer up by its unique key, until `limit` match: bounded by the
 * product's answered reviews, whatever the value's share (bench/answer-filter.ts).
 */
export async function matchingReviews(tenant: Tenant, productId: string | null, filter: AnswerFilter, limit: number): Promise<number[]> {
  const rows: { reviewId: string }[] = await tenant
    .table(ANSWER_SETS)
    .join(ANSWERS, (j) =>
      j
        .on(`${ANSWERS}.shop_id`, `${ANSWER_SETS}.shop_id`)
        .andOn(`${ANSWERS}.review_id`, `${ANSWER_SETS}.review_id`)
        .andOnVal(`${ANSWERS}.question_id`, filter.questionId),
    )
    .where(`${ANSWER_SETS}.published`, true)
    .modify((q) => sameProduct(q, productId))
    .whereRaw('review_answers.answer_values @> ARRAY[?]::text[]', [filter.value])
    .orderBy(`${ANSWER_SETS}.review_id`, 'desc')
    .limit(limit)
    .select(`${ANSWER_SETS}.review_id`);
  return rows.map((r) => Number(r.reviewId));
}

export async function answersOf(tenant: Tenant, reviewIds: number[], yesNo: { yes: string; no: string }) {
  const out = new Map<number, (ReviewAnswer & { label: string; valueLabels: string[] })[]>();
  if (!reviewIds.length) return out;
  const rows: { reviewId: string; questionId: string; answerValues: string[] }[] = await tenant
    .table(ANSWERS)
    .whereIn('review_id', reviewIds)
    .orderBy([{ column: 'review_id' }, { column: 'question_id' }])
    .select('review_id', 'question_id', 'answer_values');
  const ids = [...new Set(rows.map((r) => Number(r.questionId)))];
  const questions: QuestionRow[] = ids.length ? await tenant.table(QUESTIONS).whereIn('id', ids) : [];
  const byId = new Map(questions.map((q) => [Number(q.id), asked(q)]));
  for (const r of rows) {
    const q = byId.get(Number(r.questionId));
    if (!q) continue;
    const labels = new Map(choicesOf(q, yesNo).map((c) => [c.value, c.label]));
    const list = out.get(Number(r.reviewId)) ?? [];
    list.push({ questionId: q.id, label: q.label, values: r.answerValues, valueLabels: r.answerValues.map((v) => labels.get(v) ?? v) });
    out.set(Number(r.reviewId), list);
  }
  return out;
}
