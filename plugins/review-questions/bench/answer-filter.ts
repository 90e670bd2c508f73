import fs from 'node:fs';
import { type Tenant, tenantFor } from '@plaudit/kernel';
import { ReviewQuestions, type ReviewQuestionsApi } from '@plaudit/contracts/review-questions';
import { type ImportedReviewInput, ReviewFeed, ReviewWrite, type ReviewWriteApi } from '@plaudit/contracts/reviews';
import { benchShops, createLogger, latencyLine, loadConfig, pct, ROOT, startApiServer, startInfrastructure, benchAppEnv } from '@plaudit/kernel/testing';
import { ANSWER_SETS, ANSWERS, createQuestion } from '../db/questions';
import { questionInput } from '../shared/question';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PRODUCTS = 50;
const SMALL_PRODUCT = 'gid://shopify/Product/999';
const SMALL = 200;
const BATCH = 5_000;
const PAGE = 5; // the review box's default page
const BIG_PRODUCT = 'gid://shopify/Product/1000';

/** Fit answers by share: '3' half, '2' and '4' a fifth each, '1' 7 %, '5' 3 % (the rare one). */
function fitOf(n: number): string {
  const r = n % 100;
  return r < 50 ? '3' : r < 70 ? '2' : r < 90 ? '4' : r < 97 ? '1' : '5';
}

/**
 * A review's place among its product's (`k`) sets what it is, so every product gets the same mix:
 * 10 % unpublished, 60 % answered (all published), the fit shares above and 10 % "no" to recommend.
 */
function mixOf(g: number) {
  const k = Math.floor(g / PRODUCTS);
  const j = Math.floor(k / 5);
  return { published: k % 10 !== 9, answered: k % 5 < 3, fit: fitOf(j), recommend: j % 10 === 1 ? 'no' : 'yes' };
}

/** The small product's reviews spread like the others' (their place among a product's, times PRODUCTS). */
const place = (g: number) => (g < ROWS ? g : (g - ROWS) * PRODUCTS);

async function seed(tenant: Tenant, write: ReviewWriteApi, questions: { fit: number; recommend: number }) {
  const now = Date.now();
  const total = ROWS + SMALL;
  for (let start = 0; start < total; start += BATCH) {
    const rows: (ImportedReviewInput & { productId: string })[] = [];
    for (let g = start; g < Math.min(total, start + BATCH); g++) {
      rows.push({
        productId: g < ROWS ? `gid://shopify/Product/${1000 + (g % PRODUCTS)}` : SMALL_PRODUCT,
        productTitle: 'Linen shirt',
        rating: 1 + (g % 5),
        content: `Review number ${g}: fits as expected, good fabric.`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        status: mixOf(place(g)).published ? ('published' as const) : ('unpublished' as const),
        createdAt: new Date(now - g * 30_000),
      });
    }
    const { ids } = await write.importReviews(tenant, rows);
    // 60 % answered; answers go straight into this plugin's own tables (as `record` writes them)
    const answered = ids.map((id, i) => ({ id, row: rows[i], mix: mixOf(place(start + i)) })).filter((x) => x.mix.answered);
    await tenant.insertInto(
      ANSWER_SETS,
      answered.map((x) => ({ reviewId: x.id, productId: x.row.productId, published: x.row.status === 'published' })),
    );
    await tenant.insertInto(
      ANSWERS,
      answered.flatMap((x) => [
        { reviewId: x.id, questionId: questions.fit, answerValues: [x.mix.fit] },
        { reviewId: x.id, questionId: questions.recommend, answerValues: [x.mix.recommend] },
      ]),
    );
    if ((start / BATCH) % 40 === 39) process.stdout.write(`  ${(start + BATCH).toLocaleString('en-US')} reviews\n`);
  }
}

async function main() {
  // production settings, as an operator runs the API
  const { env, dataDir, port } = await benchAppEnv();
  const log = createLogger('silent');
  const infra = await startInfrastructure(loadConfig(env, ROOT), log, { progress: () => {}, temporalInMemory: true, emulator: false });
  const api = await startApiServer(loadConfig({ ...env, ...infra.env }, ROOT), log, port);
  try {
    const { knex, capabilities } = api.runtime.services;
    const { first } = await benchShops(knex, 1, 'enterprise');
    const tenant = tenantFor(first, 'bench-1.myshopify.com');
    const fit = await createQuestion(
      tenant,
      questionInput.parse({ kind: 'scale', label: 'How does it fit?', points: 5, lowLabel: 'Runs small', highLabel: 'Runs large' }),
    );
    const recommend = await createQuestion(tenant, questionInput.parse({ kind: 'yesno', label: 'Would you recommend it?', recommend: true }));
    console.log(`seeding ${(ROWS + SMALL).toLocaleString('en-US')} reviews (60 % answered) through the reviews plugin's import ...`);
    const t = performance.now();
    await seed(tenant, capabilities.require(ReviewWrite), { fit: fit.id, recommend: recommend.id });
    // tenancy: statistics of the whole benchmark database
    await knex.raw('ANALYZE');
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);

    const feed = capabilities.require(ReviewFeed);
    const questions: ReviewQuestionsApi = capabilities.require(ReviewQuestions);
    // what WidgetData.reviewBox runs for the list: the matching ids (at most 500), then the feed's page of them
    const box = (productId: string, answer?: { questionId: number; value: string }) => async () => {
      const ids = answer ? await questions.matchingReviews(tenant, productId, answer, 500) : undefined;
      return feed.reviews(tenant, { productId, sort: 'featured', limit: PAGE, ...(ids ? { ids: ids.length ? ids : [0] } : {}) });
    };
    const cases: [string, () => Promise<unknown>][] = [
      ['no filter, 20,000-review product', box(BIG_PRODUCT)],
      ['fit "3" (50 %)', box(BIG_PRODUCT, { questionId: fit.id, value: '3' })],
      ['fit "1" (7 %)', box(BIG_PRODUCT, { questionId: fit.id, value: '1' })],
      ['fit "5" (3 %)', box(BIG_PRODUCT, { questionId: fit.id, value: '5' })],
      ['recommend "no" (10 %)', box(BIG_PRODUCT, { questionId: recommend.id, value: 'no' })],
      ['no filter, 200-review product', box(SMALL_PRODUCT)],
      ['fit "1", 200-review product', box(SMALL_PRODUCT, { questionId: fit.id, value: '1' })],
      ['distributions, 20,000-review product', () => questions.productAnswers(tenant, BIG_PRODUCT, 'en')],
    ];
    const times = cases.map(() => [] as number[]);
    for (const [, run] of cases) await run();
    // interleaved: one run of every case per round, so a busy moment of the machine hits them all
    for (let r = 0; r < RUNS; r++) {
      for (const [i, [, run]] of cases.entries()) {
        const s = performance.now();
        await run();
        times[i].push(performance.now() - s);
      }
    }
    const base = times[0];
    console.log(
      `review box list (page of ${PAGE}), one shop of ${ROWS.toLocaleString('en-US')} reviews, ${RUNS} interleaved runs; ratios to the unfiltered list`,
    );
    for (const [i, [label]] of cases.entries()) {
      const xs = times[i];
      console.log(`${latencyLine(label, xs)}   p50 x${(pct(xs, 50) / pct(base, 50)).toFixed(2)}   p99 x${(pct(xs, 99) / pct(base, 99)).toFixed(2)}`);
    }
  } finally {
    await api.close().catch(() => undefined);
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
