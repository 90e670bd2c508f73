// Issue 28, deliverable 6: what opening a list page by link costs (a reload, a shared link, the back
// button) through react-admin's <List> on the kernel's cursor data provider, side by side with the
// two big screens' own URL state, which carries the page's cursor. The provider's URL holds only
// `page=N`, so after a reload it finds page N's cursor by asking for pages 1..N; the screens ask once.
// Both sides call the same HTTP list (loopback, port 0, keyset cursors from the kernel codec, 20 rows
// a page over 10,000 rows), so the ratio is the provider's extra round trips. The database's share
// is left out: the real list query adds about 1.2 ms a call (RESULTS.md, bench:lists), to both sides.
// Run: npx tsx bench/list-deep-links.ts
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cursorDataProvider, type JsonClient } from '../admin/src/cursor-provider';
import { cursorKey, keysetCursor } from '../api/kernel/cursor';

const ROWS = 10_000;
const PER_PAGE = 20;
const RUNS = 50;
const DEPTHS = [1, 2, 5, 10, 25];

const rows = Array.from({ length: ROWS }, (_, i) => ({ id: ROWS - i, text: `row ${ROWS - i}` }));
const cursor = keysetCursor([cursorKey.int]);

/** GET /api/rows?cursor&limit in the provider's dialect: { items, pageInfo: { nextCursor, hasNextPage } }. */
function listServer(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const limit = Number(url.searchParams.get('limit') ?? PER_PAGE);
    const after = url.searchParams.get('cursor');
    const start = after ? rows.findIndex((r) => r.id < cursor.decode(after)[0]) : 0;
    const items = rows.slice(start, start + limit);
    const hasNextPage = start + limit < rows.length;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ items, pageInfo: { hasNextPage, nextCursor: hasNextPage ? cursor.encode([items[items.length - 1].id]) : null } }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const server = await listServer();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  let counted = 0;
  const fetchJson: JsonClient = async (url) => {
    counted++;
    return { json: await (await fetch(url)).json() };
  };
  const params = (page: number) => ({ pagination: { page, perPage: PER_PAGE }, sort: { field: 'id', order: 'DESC' as const }, filter: {} });
  /** the cursor that starts page N, as the screens keep it in their URL */
  const startOf = (page: number) => (page === 1 ? null : cursor.encode([rows[(page - 1) * PER_PAGE - 1].id]));

  console.log(`opening page N by link, ${PER_PAGE} rows a page, median of ${RUNS} runs\n`);
  console.log('| page | <List> + cursor provider: calls, ms | screen URL with cursor: calls, ms | calls ratio | time ratio |');
  console.log('|---|---|---|---|---|');
  // warm-up (JIT, sockets), then the two sides alternate run by run, so the machine's load hits both alike
  for (let i = 0; i < 20; i++) await fetchJson(`${base}/rows?limit=${PER_PAGE}`);
  for (const page of DEPTHS) {
    const time = { provider: [] as number[], url: [] as number[] };
    const calls = { provider: 0, url: 0 };
    for (let run = 0; run < RUNS; run++) {
      let [before, t] = [counted, performance.now()];
      await cursorDataProvider(base, fetchJson).getList('rows', params(page)); // a reload: nothing remembered
      time.provider.push(performance.now() - t);
      calls.provider += counted - before;
      const c = startOf(page);
      [before, t] = [counted, performance.now()];
      await fetchJson(`${base}/rows?limit=${PER_PAGE}${c ? `&cursor=${c}` : ''}`);
      time.url.push(performance.now() - t);
      calls.url += counted - before;
    }
    const [a, b] = [median(time.provider), median(time.url)];
    const [ca, cb] = [calls.provider / RUNS, calls.url / RUNS];
    console.log(`| ${page} | ${ca}, ${a.toFixed(2)} | ${cb}, ${b.toFixed(2)} | ${(ca / cb).toFixed(1)} | ${(a / b).toFixed(1)} |`);
  }
  server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
