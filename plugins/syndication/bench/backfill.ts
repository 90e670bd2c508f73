// The re-sync of a large shop to Shopify's product_review metaobjects (issue 34): BENCH_REVIEWS
// (default 10,000) published reviews, syndication turned on, the syndicationBackfill workflow timed
// from the switch to its end, against the emulator's bucket for the shop's plan (BENCH_PLAN:
// standard, 100 points/s, the default; advanced 200; plus 1000). Printed side by side from the one
// run: the points Shopify charged, the bucket's theoretical minimum for them ((charged - full bucket)
// / restore rate), the measured time, their ratio, and the calls answered THROTTLED (goal: 0).
// Run: npm run bench:syndication   (the whole stack in this process: needs the Temporal CLI)
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { client, startStandaloneStack } from '@plaudit/kernel/testing';
import { backfillWorkflowId } from '../shared/backfill';

const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 10_000);
const PLANS = {
  standard: { displayName: 'Basic', partnerDevelopment: false, shopifyPlus: false, shopifyPlan: 'basic' },
  advanced: { displayName: 'Advanced', partnerDevelopment: false, shopifyPlus: false, shopifyPlan: 'advanced' },
  plus: { displayName: 'Shopify Plus', partnerDevelopment: false, shopifyPlus: true, shopifyPlan: 'shopify_plus' },
} as const;
const PLAN = (process.env.BENCH_PLAN ?? 'standard') as keyof typeof PLANS;

async function main() {
  if (!PLANS[PLAN]) throw new Error(`BENCH_PLAN is one of ${Object.keys(PLANS).join(', ')}`);
  console.log('starting the stack (PostgreSQL, Temporal, SMTP sink, emulators, API, worker) ...');
  const { stack, stop } = await startStandaloneStack();
  try {
    const { domain, shop, appToken } = await stack.installShop();
    const http = client(stack.appUrl, appToken);
    const emulated = stack.emulator.store.shop(domain)!;
    emulated.plan = PLANS[PLAN];
    const product = emulated.products[0];

    console.log(`seeding ${REVIEWS.toLocaleString('en')} published reviews through the reviews plugin's import ...`);
    const write = stack.api.runtime.services.capabilities.require(ReviewWrite);
    const tenant = stack.api.runtime.services.tenant(shop.id, domain);
    for (let i = 0; i < REVIEWS; i += 5_000) {
      const rows = Array.from({ length: Math.min(5_000, REVIEWS - i) }, (_, k) => ({
        productId: `gid://shopify/Product/${product.id}`,
        productTitle: product.title,
        rating: 1 + ((i + k) % 5),
        title: 'Sturdy',
        content: `Review ${i + k}: carries everything, as described.`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        status: 'published' as const,
      }));
      await write.importReviews(tenant, rows);
    }

    // a full bucket at the start, nothing charged yet
    stack.emulator.store.buckets.delete(domain);
    stack.emulator.store.costCharged.delete(domain);
    stack.emulator.store.costThrottled.delete(domain);
    const started = performance.now();
    const on = await http.put('/api/syndication/settings', { shopifyEnabled: true });
    if (on.status !== 200) throw new Error(`turning syndication on: ${on.status}`);
    const { run } = (await http.get('/api/syndication')).body.shopify.resync;
    const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(backfillWorkflowId(domain, run));
    for (;;) {
      try {
        await handle.describe();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const result = await handle.result();
    const seconds = (performance.now() - started) / 1000;

    const bucket = stack.emulator.store.buckets.get(domain)!;
    const charged = stack.emulator.store.costCharged.get(domain) ?? 0;
    const minimum = Math.max(0, charged - bucket.size) / bucket.restoreRate;
    const metaobjects = emulated.metaobjects.filter((m) => m.type === 'product_review').length;
    console.log(`\nplan ${PLAN}: bucket ${bucket.size} points, restores ${bucket.restoreRate}/s`);
    console.log(`re-sync: ${result.state}, ${result.checked} reviews checked, ${metaobjects} metaobjects on the emulator`);
    console.log(`points charged: ${charged.toLocaleString('en')}`);
    console.log(`theoretical minimum: ${minimum.toFixed(1)} s   measured: ${seconds.toFixed(1)} s   ratio: ${(seconds / minimum).toFixed(2)}`);
    // by operation: the re-sync's own (Syndication*) and the app's other jobs on the shop's bucket
    const throttled = stack.emulator.store.costThrottled.get(domain) ?? [];
    const counts = new Map<string, number>();
    for (const op of throttled) counts.set(op, (counts.get(op) ?? 0) + 1);
    const byOperation = [...counts].map(([op, n]) => `${op} ${n}`);
    console.log(`calls answered THROTTLED: ${throttled.length}${byOperation.length ? ` (${byOperation.join(', ')})` : ''}`);
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
