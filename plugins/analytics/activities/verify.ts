// The rollups against a full recount from the sources: the differences, per day and metric (none
// when the fold kept up). Tests use it; so can an ops engineer from a REPL.
import type { KernelServices } from '@plaudit/kernel';
import { addDays, localDay, monthStart } from '../shared/days';
import { analyticsSources } from './sources';

type Deps = Pick<KernelServices, 'knex' | 'capabilities' | 'shops' | 'tenant'>;
export interface Difference {
  day: string;
  metric: string;
  rollup: number;
  recount: number;
}

const keyOf = (day: string, metric: string) => `${day} ${metric}`;

function setProduct(into: Map<string, number>, day: string, p: { productKey: string; count: number; ratingSum: number }) {
  into.set(keyOf(day, `product ${p.productKey} count`), Number(p.count));
  into.set(keyOf(day, `product ${p.productKey} rating_sum`), Number(p.ratingSum));
}

export async function differencesFromRecount(deps: Deps, shopId: number): Promise<Difference[]> {
  const shop = (await deps.shops.get(shopId))!;
  const tenant = deps.tenant(shopId, shop.domain);
  const expected = new Map<string, number>();
  for (const { prefix, source } of analyticsSources(deps)) {
    const first = await source.firstDay(tenant, shop.timezone);
    if (!first) continue;
    const range = { from: first, to: addDays(localDay(new Date(), shop.timezone), 1), timezone: shop.timezone };
    for (const [day, facts] of Object.entries(await source.days(tenant, range))) {
      for (const [metric, value] of Object.entries(facts)) {
        if (!value || !metric.startsWith(`${prefix}.`)) continue;
        expected.set(keyOf(day, metric), value);
        const month = keyOf(monthStart(day), `month ${metric}`);
        expected.set(month, (expected.get(month) ?? 0) + value);
      }
    }
    if (!source.productDays) continue;
    for (const [day, products] of Object.entries(await source.productDays(tenant, range))) {
      for (const p of products) if (p.count) setProduct(expected, day, p);
    }
  }
  const actual = new Map<string, number>();
  const daily: { day: string; metric: string; value: string }[] = await tenant
    .table('analytics_daily')
    .select(deps.knex.raw("to_char(day, 'YYYY-MM-DD') AS day"), 'metric', 'value');
  for (const r of daily) actual.set(keyOf(r.day, r.metric), Number(r.value));
  const monthly: { month: string; metric: string; value: string }[] = await tenant
    .table('analytics_monthly')
    .select(deps.knex.raw("to_char(month, 'YYYY-MM-DD') AS month"), 'metric', 'value');
  for (const r of monthly) actual.set(keyOf(r.month, `month ${r.metric}`), Number(r.value));
  const products: { day: string; productKey: string; count: number; ratingSum: number }[] = await tenant
    .table('analytics_product_daily')
    .select(deps.knex.raw("to_char(day, 'YYYY-MM-DD') AS day"), 'product_key', 'count', 'rating_sum');
  for (const p of products) setProduct(actual, p.day, p);
  const out: Difference[] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const [rollup, recount] = [actual.get(key) ?? 0, expected.get(key) ?? 0];
    if (Math.abs(rollup - recount) > 0.005) out.push({ day: key.slice(0, 10), metric: key.slice(11), rollup, recount });
  }
  return out.sort((a, b) => (a.day + a.metric).localeCompare(b.day + b.metric));
}
