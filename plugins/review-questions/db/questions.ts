// The merchant's questions: stored, listed and changed under the rules that keep answers meaningful.
// Once a question is answered its kind, its scale's points and its choices' keys are fixed (labels
// may be corrected), and deleting it archives it instead.
import createHttpError from 'http-errors';
import type { Tenant } from '@plaudit/kernel';
import type { AskedQuestion } from '@plaudit/contracts/review-questions';
import { MAX_QUESTIONS, type Question, type QuestionInput, type Scope } from '../shared/question';

export const QUESTIONS = 'review_questions';
export const ANSWERS = 'review_answers';
export const ANSWER_SETS = 'review_answer_sets';

/** A row of review_questions as knex reads it (camel-cased). */
export interface QuestionRow {
  id: number | string;
  kind: AskedQuestion['kind'];
  label: string;
  required: boolean;
  points: number | null;
  lowLabel: string | null;
  highLabel: string | null;
  options: { key: string; label: string }[];
  scope: Scope;
  scopeValues: string[];
  recommend: boolean;
  position: number;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function asked(row: QuestionRow): AskedQuestion {
  return {
    id: Number(row.id),
    kind: row.kind,
    label: row.label,
    required: row.required,
    points: row.points,
    lowLabel: row.lowLabel,
    highLabel: row.highLabel,
    options: row.options,
    recommend: row.recommend,
  };
}

function present(row: QuestionRow, answerCount: number): Question {
  const { archivedAt, createdAt, updatedAt, shopId: _shop, ...rest } = row as QuestionRow & { shopId?: unknown };
  return {
    ...rest,
    id: Number(row.id),
    archived: !!archivedAt,
    answerCount,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

async function answerCounts(tenant: Tenant, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows: { questionId: string; n: string }[] = await tenant
    .table(ANSWERS)
    .whereIn('question_id', ids)
    .groupBy('question_id')
    .select('question_id')
    .count({ n: '*' });
  return new Map(rows.map((r) => [Number(r.questionId), Number(r.n)]));
}

/** The shop's questions in the merchant's order; archived ones only when asked. */
export async function listQuestions(tenant: Tenant, { archived }: { archived: boolean }): Promise<Question[]> {
  const q = tenant.table(QUESTIONS).orderBy([{ column: 'position' }, { column: 'id' }]);
  if (!archived) q.whereNull('archived_at');
  const rows: QuestionRow[] = await q;
  const counts = await answerCounts(
    tenant,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => present(r, counts.get(Number(r.id)) ?? 0));
}

/** Every question of the shop, archived ones too (an import's answers may be to one). */
export async function allQuestions(tenant: Tenant): Promise<QuestionRow[]> {
  return tenant.table(QUESTIONS).orderBy([{ column: 'position' }, { column: 'id' }]);
}

/** The live questions, as the forms ask them. */
export async function liveQuestions(tenant: Tenant): Promise<QuestionRow[]> {
  return tenant
    .table(QUESTIONS)
    .whereNull('archived_at')
    .orderBy([{ column: 'position' }, { column: 'id' }]);
}

export async function getQuestion(tenant: Tenant, id: number): Promise<Question> {
  const row: QuestionRow | undefined = await tenant.table(QUESTIONS).where({ id }).first();
  if (!row) throw createHttpError(404, 'Not found');
  return present(row, (await answerCounts(tenant, [id])).get(id) ?? 0);
}

const invalid = (field: string, message: string) => createHttpError(400, 'Validation failed', { errors: { [field]: message } });

/** Keys for new choices: the label's slug, made unique; stored keys stay as they are. */
function keyed(options: QuestionInput['options'], stored: { key: string }[]): { key: string; label: string }[] {
  const known = new Set(stored.map((o) => o.key));
  const used = new Set<string>();
  return options.map((o, i) => {
    if (o.key) {
      if (!known.has(o.key)) throw invalid('options', 'A choice names a key this question does not have');
      if (used.has(o.key)) throw invalid('options', 'Each choice must be different');
      used.add(o.key);
      return { key: o.key, label: o.label };
    }
    let key =
      o.label
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 30) || `choice-${i + 1}`;
    while (used.has(key) || known.has(key)) key = `${key.slice(0, 30)}-${i + 1}`;
    used.add(key);
    return { key, label: o.label };
  });
}

async function checkRecommend(tenant: Tenant, input: QuestionInput, id?: number) {
  if (!input.recommend || input.archived) return;
  const other = await tenant
    .table(QUESTIONS)
    .where({ recommend: true })
    .whereNull('archived_at')
    .modify((q) => id && q.whereNot({ id }))
    .first('id');
  if (other) throw invalid('recommend', 'Another question is already the "would recommend" question');
}

function columns(input: QuestionInput, options: { key: string; label: string }[]) {
  return {
    kind: input.kind,
    label: input.label,
    required: input.required,
    points: input.kind === 'scale' ? (input.points ?? null) : null,
    lowLabel: input.kind === 'scale' ? (input.lowLabel ?? null) : null,
    highLabel: input.kind === 'scale' ? (input.highLabel ?? null) : null,
    options: JSON.stringify(options),
    scope: input.scope,
    scopeValues: input.scopeValues,
    recommend: input.recommend,
    position: input.position,
  };
}

export async function createQuestion(tenant: Tenant, input: QuestionInput): Promise<Question> {
  const [{ n }] = await tenant.table(QUESTIONS).whereNull('archived_at').count({ n: '*' });
  if (Number(n) >= MAX_QUESTIONS && !input.archived)
    throw createHttpError(409, `A shop has at most ${MAX_QUESTIONS} live questions: archive one first`, { code: 'TOO_MANY_QUESTIONS' });
  await checkRecommend(tenant, input);
  const [row] = await tenant
    .insertInto(QUESTIONS, { ...columns(input, keyed(input.options, [])), archivedAt: input.archived ? new Date() : null })
    .returning('id');
  return getQuestion(tenant, Number(row.id));
}

export async function updateQuestion(tenant: Tenant, id: number, input: QuestionInput): Promise<Question> {
  const stored: QuestionRow | undefined = await tenant.table(QUESTIONS).where({ id }).first();
  if (!stored) throw createHttpError(404, 'Not found');
  const answered = ((await answerCounts(tenant, [id])).get(id) ?? 0) > 0;
  const options = keyed(input.options, stored.options);
  if (answered) {
    if (input.kind !== stored.kind) throw invalid('kind', 'This question has answers: its kind cannot change');
    if (input.kind === 'scale' && input.points !== stored.points) throw invalid('points', 'This question has answers: its points cannot change');
    const kept = new Set(options.map((o) => o.key));
    if (stored.options.some((o) => !kept.has(o.key))) throw invalid('options', 'This question has answers: its choices can be renamed or added, not removed');
  }
  if (!input.archived && stored.archivedAt) {
    const [{ n }] = await tenant.table(QUESTIONS).whereNull('archived_at').count({ n: '*' });
    if (Number(n) >= MAX_QUESTIONS)
      throw createHttpError(409, `A shop has at most ${MAX_QUESTIONS} live questions: archive one first`, { code: 'TOO_MANY_QUESTIONS' });
  }
  await checkRecommend(tenant, input, id);
  await tenant
    .table(QUESTIONS)
    .where({ id })
    .update({ ...columns(input, options), archivedAt: input.archived ? (stored.archivedAt ?? new Date()) : null, updatedAt: new Date() });
  return getQuestion(tenant, id);
}

/** Deletes a question never answered; an answered one is archived (its answers keep their meaning). */
export async function removeQuestion(tenant: Tenant, id: number): Promise<{ deleted: boolean; archived: boolean }> {
  const stored: QuestionRow | undefined = await tenant.table(QUESTIONS).where({ id }).first();
  if (!stored) throw createHttpError(404, 'Not found');
  if (((await answerCounts(tenant, [id])).get(id) ?? 0) > 0) {
    await tenant
      .table(QUESTIONS)
      .where({ id })
      .update({ archivedAt: stored.archivedAt ?? new Date(), updatedAt: new Date() });
    return { deleted: false, archived: true };
  }
  await tenant.table(QUESTIONS).where({ id }).del();
  return { deleted: true, archived: false };
}
