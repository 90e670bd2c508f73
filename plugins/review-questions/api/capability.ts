// ReviewQuestions (contracts/review-questions.ts): what the review forms and the review box ask of
// this plugin. Which questions apply: scope 'all', or the product's type (exact, case-insensitive),
// or one of its tags (the same); the store is asked for the type and tags when the caller does not
// know them and a scoped question exists. A store that cannot answer leaves only 'all' questions.
import { type ApiServices, esc, type Tenant } from '@plaudit/kernel';
import type { AskedQuestion, CheckedAnswers, QuestionProduct, ReviewAnswer, ReviewQuestionsApi } from '@plaudit/contracts/review-questions';
import { answersOf, choicesOf, matchingReviews, periodAnswers, productAnswers, recordAnswers } from '../db/answers';
import { allQuestions, asked, liveQuestions, type QuestionRow } from '../db/questions';
import { questionsVersion } from '../db/version';

const PRODUCT = 'query QuestionProduct($id: ID!) { product(id: $id) { productType tags } }';

export const fieldName = (q: { id: number }) => `q${q.id}`;

function applies(row: QuestionRow, product: Required<Pick<QuestionProduct, 'productType' | 'tags'>>): boolean {
  if (row.scope === 'all') return true;
  const wanted = new Set(row.scopeValues.map((v) => v.trim().toLowerCase()));
  if (row.scope === 'types') return wanted.has(product.productType.trim().toLowerCase());
  return product.tags.some((t) => wanted.has(t.trim().toLowerCase()));
}

export function reviewQuestions(services: ApiServices): ReviewQuestionsApi {
  const t = (lang: string) => services.i18n.forLanguage(lang);
  const yesNo = (lang: string) => ({ yes: t(lang)('review-questions:public.yes'), no: t(lang)('review-questions:public.no') });

  async function describe(tenant: Tenant, product: QuestionProduct) {
    if (product.productType !== undefined && product.tags !== undefined) return { productType: product.productType, tags: product.tags };
    if (!product.productId || !services.platform) return { productType: '', tags: [] };
    try {
      const data = await services.platform
        .adminApi(tenant.shopDomain)
        .graphql<{ product: { productType: string; tags: string[] } | null }>(PRODUCT, { id: product.productId });
      return { productType: data.product?.productType ?? '', tags: data.product?.tags ?? [] };
    } catch (err) {
      services.log.warn({ err: (err as Error).message, shop: tenant.shopDomain }, 'review-questions: the product type and tags could not be read');
      return { productType: '', tags: [] };
    }
  }

  return {
    async forProduct(tenant, product) {
      const rows = await liveQuestions(tenant);
      if (!rows.length) return [];
      // a store review (no product) gets the questions for every product only
      const scoped = product.productId && rows.some((r) => r.scope !== 'all');
      const described = scoped ? await describe(tenant, product) : { productType: '', tags: [] };
      return rows.filter((r) => (product.productId ? applies(r, described) : r.scope === 'all')).map(asked);
    },

    formSection(questions, lang, values = {}, errors = {}) {
      if (!questions.length) return '';
      const tr = t(lang);
      const parts = questions.map((q) => {
        const name = fieldName(q);
        const err = errors[name] ? `<div class="err" id="${name}-error">${esc(errors[name])}</div>` : '';
        const described = errors[name] ? ` aria-describedby="${name}-error"` : '';
        const legend = `<legend style="font-weight:600;margin-top:14px">${esc(q.label)}${q.required ? '' : ` <span class="hint">${esc(tr('review-questions:public.optional'))}</span>`}</legend>`;
        const choices = choicesOf(q, yesNo(lang))
          .map((c, i) => {
            const id = `${name}-${i}`;
            if (q.kind === 'multiple') {
              const field = `${name}.${c.value}`;
              return `<label for="${id}" style="font-weight:400;margin:4px 0"><input type="checkbox" id="${id}" name="${esc(field)}" value="1"${values[field] ? ' checked' : ''}> ${esc(c.label)}</label>`;
            }
            const shown = q.kind === 'scale' ? (i === 0 || i + 1 === q.points ? `${c.value} · ${c.label}` : c.value) : c.label;
            return `<label for="${id}" style="font-weight:400;margin:4px 0"><input type="radio" id="${id}" name="${name}" value="${esc(c.value)}"${values[name] === c.value ? ' checked' : ''}${q.required ? ' required' : ''}> ${esc(shown)}</label>`;
          })
          .join('');
        return `<fieldset class="rq" style="border:0;padding:0;margin:0"${described}>${legend}${choices}${err}</fieldset>`;
      });
      return `<div class="review-questions">${parts.join('\n')}</div>`;
    },

    check(questions, fields, lang): CheckedAnswers {
      const tr = t(lang);
      const answers: ReviewAnswer[] = [];
      const errors: Record<string, string> = {};
      for (const q of questions) {
        const name = fieldName(q);
        const allowed = new Set(choicesOf(q, { yes: '', no: '' }).map((c) => c.value));
        let values: string[];
        if (q.kind === 'multiple') values = [...allowed].filter((v) => (fields[`${name}.${v}`] ?? '').trim());
        else {
          const v = (fields[name] ?? '').trim();
          if (v && !allowed.has(v)) {
            errors[name] = tr('review-questions:public.invalid');
            continue;
          }
          values = v ? [v] : [];
        }
        if (!values.length) {
          if (q.required) errors[name] = tr('review-questions:public.required');
          continue;
        }
        answers.push({ questionId: q.id, values });
      }
      return { answers, errors };
    },

    record: (trx, tenant, review, answers) => recordAnswers(trx, tenant, review, answers),
    productAnswers: (tenant, productId, lang = 'en') => productAnswers(tenant, productId, yesNo(lang)),
    matchingReviews: (tenant, productId, filter, limit) => matchingReviews(tenant, productId, filter, limit),
    version: questionsVersion,
    periodAnswers: (tenant, range) => periodAnswers(tenant, range, yesNo('en')),
    async importAnswers(tenant, reviews) {
      if (!reviews.some((r) => r.answers.length)) return 0;
      // the file's labels are the export's: the merchant's words, and yes/no in English (answersOf's default)
      const questions = (await allQuestions(tenant)).map(asked);
      const byLabel = new Map(questions.map((q) => [q.label.trim().toLowerCase(), q]));
      const words = { yes: new Set(['yes', yesNo('en').yes.toLowerCase()]), no: new Set(['no', yesNo('en').no.toLowerCase()]) };
      const choiceOf = (q: AskedQuestion, label: string) => {
        const l = label.toLowerCase();
        if (q.kind === 'yesno') return words.yes.has(l) ? 'yes' : words.no.has(l) ? 'no' : undefined;
        return choicesOf(q, { yes: '', no: '' }).find((c) => c.label.toLowerCase() === l || c.value === l)?.value;
      };
      let recorded = 0;
      await services.knex.transaction(async (trx) => {
        for (const r of reviews) {
          const answers: ReviewAnswer[] = [];
          for (const a of r.answers) {
            const q = byLabel.get(a.question.trim().toLowerCase());
            if (!q || answers.some((x) => x.questionId === q.id)) continue;
            const values = [...new Set(a.labels.map((l) => choiceOf(q, l)).filter((v): v is string => !!v))];
            if (values.length && (q.kind === 'multiple' || values.length === 1)) answers.push({ questionId: q.id, values });
          }
          await recordAnswers(trx, tenant, r, answers);
          recorded += answers.length;
        }
      });
      return recorded;
    },
    answersOf: (tenant, reviewIds, lang = 'en') => answersOf(tenant, reviewIds, yesNo(lang)),
  };
}
