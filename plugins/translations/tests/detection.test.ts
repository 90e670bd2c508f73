// The language of imported reviews, detected in batches (review-text/detect-batch.ts):
// the reviews plugin's import writes without events, so imported reviews start without a language; the
// scheduled workflow (run here directly for one shop, on the test run's worker, instead of waiting
// for its schedule) stores each one's, a bounded batch a run, past the shop's mark: a review too
// short to tell is looked at once, a run with nothing new looks at nothing, and a later import is
// picked up by the next run. Last, the schedule itself and what it starts, run at once.
import type { ArgsOf } from '@plaudit/kernel';
import { createShop, eventually, holdSchedule, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { ensureDetectionSchedule } from '../review-text/detection-schedule';
import { ReviewTexts, ReviewWrite, type ImportedReviewInput } from '@plaudit/contracts/reviews';
import { TranslationsDetectLanguages } from '../shared/workflows';
import { DETECTION_SCHEDULE_ID, type DetectionTotals } from '../workflows/messages';

let api: TestApi;
let release: (() => Promise<void>) | undefined;
const schedule = () => api.runtime.services.temporal.client.schedule.getHandle(DETECTION_SCHEDULE_ID);
beforeAll(async () => {
  api = await startTestApi();
  // the run's own schedule (any API start creates it) held while this file counts what each run does
  await ensureDetectionSchedule(api.runtime.services);
  release = await holdSchedule(api.runtime.services.temporal.client, DETECTION_SCHEDULE_ID, 'detection.test.ts counts runs');
  // A run the schedule started before the pause still walks every shop of the run's database, and would
  // reach this file's shops between their import and the run the test counts (CI saw 0 examined). It is
  // ended, not waited for: with thousands of shops in the run's database a walk took over 120 s on four
  // busy jest workers. Its shops' marks stay where their last page left them (detect-batch.ts).
  const { client } = api.runtime.services.temporal;
  await eventually(async () => {
    const running = (await schedule().describe()).info.runningActions;
    for (const { workflow } of running)
      await client.workflow
        .getHandle(workflow.workflowId)
        .terminate('detection.test.ts counts runs')
        .catch(() => undefined);
    return running.length === 0;
  }, 60_000);
}, 150_000);
afterAll(async () => {
  await release?.().catch(() => undefined);
  await api?.close();
});

const ROWS = [
  { title: 'Buen precio', content: 'El producto es muy bueno y la taza es bonita, la recomiendo.' },
  { title: 'Lovely mug', content: 'The mug is lovely and arrived quickly, I recommend it.' },
  { content: 'Le produit est très bien et la tasse est jolie, je la recommande.' },
  { content: 'Das Produkt ist sehr gut und die Tasse ist schön, ich empfehle sie.' },
  // a star-only rating, as marketplaces have them: nothing to tell a language from
  { content: '' },
];

async function importedShop() {
  const { shop } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const tenant = api.runtime.services.tenant(shop.id, shop.shopifyDomain);
  const imports = api.runtime.services.capabilities.require(ReviewWrite);
  const texts = api.runtime.services.capabilities.require(ReviewTexts);
  const importRows = async (rows: Partial<ImportedReviewInput>[]) =>
    (
      await imports.importReviews(
        tenant,
        rows.map((r) => ({ rating: 5, productId: 'gid://shopify/Product/9301', ...r })),
      )
    ).ids;
  const languages = async (ids: number[]) => {
    const byId = new Map((await texts.read(tenant, ids)).map((r) => [r.id, r.language]));
    return ids.map((id) => byId.get(id));
  };
  const detect = (perShop?: number): Promise<DetectionTotals> =>
    api.runtime.services.temporal.execute(TranslationsDetectLanguages, {
      workflowId: `detect-languages-${shop.id}-${Date.now()}`,
      taskQueue: api.config.temporal.taskQueue,
      args: [{ shopId: shop.id, ...(perShop ? { perShop } : {}) }],
    });
  return { importRows, languages, detect };
}

test('imported reviews get their language in bounded batches; each is looked at once', async () => {
  const { importRows, languages, detect } = await importedShop();
  const ids = await importRows(ROWS);
  expect(await languages(ids)).toEqual([null, null, null, null, null]);

  // two a run: the first two, in id order
  expect(await detect(2)).toEqual({ shops: 1, examined: 2, detected: 2 });
  expect(await languages(ids)).toEqual(['es', 'en', null, null, null]);
  // the rest; the star-only rating stays without a language
  expect(await detect()).toEqual({ shops: 1, examined: 3, detected: 2 });
  expect(await languages(ids)).toEqual(['es', 'en', 'fr', 'de', null]);

  // nothing new: nothing looked at, the star-only rating included
  expect(await detect()).toEqual({ shops: 1, examined: 0, detected: 0 });

  // a later import is the next run's
  const [later] = await importRows([{ content: 'Muy contenta con la compra, llegó en dos días.' }]);
  expect(await languages([later])).toEqual([null]);
  expect(await detect()).toEqual({ shops: 1, examined: 1, detected: 1 });
  expect(await languages([later, ...ids])).toEqual(['es', 'es', 'en', 'fr', 'de', null]);
});

test("shops apart: one shop's run leaves another's reviews alone", async () => {
  const one = await importedShop();
  const two = await importedShop();
  const [a] = await one.importRows([ROWS[0]]);
  const [b] = await two.importRows([ROWS[1]]);
  expect(await one.detect()).toEqual({ shops: 1, examined: 1, detected: 1 });
  expect(await one.languages([a])).toEqual(['es']);
  expect(await two.languages([b])).toEqual([null]);
  expect(await two.detect()).toEqual({ shops: 1, examined: 1, detected: 1 });
  expect(await two.languages([b])).toEqual(['en']);
});

test('the schedule: every 5 minutes, created again harmlessly at each start, its run reaching every shop', async () => {
  const { importRows, languages } = await importedShop();
  const [id] = await importRows([ROWS[2]]);
  // created at every API start: the second time is harmless
  await ensureDetectionSchedule(api.runtime.services);
  const described = await schedule().describe();
  // (its task queue is the one of whichever test file's API created it first: the schedule is one
  // per Temporal namespace, which the test files share)
  expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: TranslationsDetectLanguages.type });
  expect(described.spec.intervals?.[0]?.every).toBe(5 * 60_000);
  // what it starts, with its arguments, run here on this file's worker
  const args = (described.action.type === 'startWorkflow' ? described.action.args : []) as ArgsOf<typeof TranslationsDetectLanguages>;
  await api.runtime.services.temporal.execute(TranslationsDetectLanguages, {
    taskQueue: api.config.temporal.taskQueue,
    workflowId: `test-detect-languages-${id}`,
    args,
  });
  await eventually(async () => (await languages([id]))[0] === 'fr', 60_000);
});
