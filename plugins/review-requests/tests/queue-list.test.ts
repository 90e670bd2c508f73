// GET /api/email-queue (spec sections 3 and 7, issue 22): every filter against a direct count in the
// database over a seeded, varied set of requests; the order-range messages of section 5; the total
// on every page; sorts and cursors; the customer's block and the products of each row.
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
let http: ReturnType<typeof client>;
let shopId: number;
const ZONE = 'America/New_York';
const STATUSES = ['waiting', 'waitingCondition', 'success', 'opened', 'reviewed', 'failed', 'cancel', 'pause'];
const BUYERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Édith Piaf', null];
const PRODUCTS = ['1001', '1002', '1003', '1004'].map((n) => `gid://shopify/Product/${n}`);
const ROWS = 64;
const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 0, 1 + d, hour));

beforeAll(async () => {
  api = await startTestApi();
  const { shop, token } = await createShop(api, { ianaTimezone: ZONE, domain: 'store.example' });
  shopId = shop.id;
  http = client(api.url, token);
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    shopId,
    orderId: `o-${i}`,
    name: `#${1000 + i}`,
    status: STATUSES[i % STATUSES.length],
    customerEmail: `buyer${i % 7}@example.com`,
    customerName: BUYERS[i % BUYERS.length],
    shopifyCustomerId: String(500 + (i % 7)),
    lineItems: JSON.stringify(
      PRODUCTS.filter((_, p) => (i + p) % 3 === 0).map((productId, p) => ({
        productId,
        title: `Product ${productId.slice(-4)}`,
        quantity: 1,
        handle: `product-${p}`,
        productImage: `https://cdn.example/${p}.png`,
      })),
    ),
    createdOrderAt: day(i % 20, (i * 5) % 24),
    fulfilledDate: i % 4 === 0 ? null : day(i % 15, (i * 7) % 24),
    scheduledAt: i % 5 === 0 ? null : day(i % 25, (i * 3) % 24),
    sentAt: i % 3 === 0 ? day(i % 18, (i * 11) % 24) : null,
    workflowId: `wf-${i}`,
    createdAt: new Date(Date.UTC(2026, 1, 1) + i * 60_000),
  }));
  await api.knex('email_queue').insert(rows);
  // Another shop's requests never show.
  const other = await createShop(api);
  await api
    .knex('email_queue')
    .insert({ shopId: other.shop.id, orderId: 'x', name: '#1003', status: 'waiting', workflowId: 'wf-x', customerName: 'Ada Lovelace' });
});
afterAll(() => api?.close());

const mine = () => api.knex('email_queue').where({ shopId, queueType: 'email' });
const count = async (q: ReturnType<typeof mine>) => Number((await q.count({ n: '*' }))[0].n);
/** Rows whose column falls on the shop's calendar days from..to, as PostgreSQL computes them. */
const onDays = (column: string, from: string, to = from) => mine().whereRaw(`(${column} at time zone ?)::date between ? and ?`, [ZONE, from, to]);

/** Every row the API lists for a query, page after page by cursor; the total of each page too. */
async function listAll(query: string, limit = 10) {
  const ids: number[] = [];
  const totals = new Set<number>();
  let after: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const res: { status: number; body: any } = await http.get(`/api/email-queue?limitPerPage=${limit}&${query}${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    totals.add(res.body.pagination.total);
    ids.push(...res.body.data.map((r: { id: number }) => Number(r.id)));
    after = res.body.pageInfo.nextCursor;
    if (!after) break;
  }
  expect(totals.size).toBe(1);
  return { ids, total: [...totals][0] };
}

const FILTERS: [string, string, () => ReturnType<typeof mine>][] = [
  ['statusList', 'statusList=waiting,failed,opened', () => mine().whereIn('status', ['waiting', 'failed', 'opened'])],
  ['statusFilter tab', 'statusFilter=success', () => mine().where({ status: 'success' })],
  ['status (section 7)', 'status=cancel', () => mine().where({ status: 'cancel' })],
  ['fulfilled dates', 'fromDate=2026-01-03&toDate=2026-01-09', () => onDays('fulfilled_date', '2026-01-03', '2026-01-09')],
  ['scheduled dates', 'scheduledFromDate=2026-01-05&scheduledToDate=2026-01-12', () => onDays('scheduled_at', '2026-01-05', '2026-01-12')],
  ['executed dates', 'executedFromDate=2026-01-02&executedToDate=2026-01-10', () => onDays('sent_at', '2026-01-02', '2026-01-10')],
  ['order created dates', 'createdOrderFromDate=2026-01-06&createdOrderToDate=2026-01-06', () => onDays('created_order_at', '2026-01-06')],
  [
    'products (numbers and gids)',
    `productIdsFilter=1002,${encodeURIComponent(PRODUCTS[3])}`,
    () => mine().whereRaw(`exists (select 1 from jsonb_array_elements(line_items) li where li->>'productId' = any(?))`, [[PRODUCTS[1], PRODUCTS[3]]]),
  ],
  ['buyer names', `buyerNames=${encodeURIComponent('grace hopper,Édith Piaf')}`, () => mine().whereIn('customerName', ['Grace Hopper', 'Édith Piaf'])],
  ['order range', 'orderRangeFilter=1010_1030', () => mine().whereRaw('substring(name from 2)::int between 1010 and 1030')],
  ['order range typed backwards', 'orderRangeFilter=1030_1010', () => mine().whereRaw('substring(name from 2)::int between 1010 and 1030')],
  ['search text', 'searchText=buyer3', () => mine().whereILike('customerEmail', '%buyer3%')],
  [
    'all together',
    'statusList=waiting,success,failed,cancel&productIdsFilter=1001&orderRangeFilter=1000_1050&createdOrderFromDate=2026-01-01',
    () =>
      mine()
        .whereIn('status', ['waiting', 'success', 'failed', 'cancel'])
        .whereRaw(`line_items @> '[{"productId":"gid://shopify/Product/1001"}]'`)
        .whereRaw('substring(name from 2)::int <= 1050')
        .whereRaw('(created_order_at at time zone ?)::date >= ?', [ZONE, '2026-01-01']),
  ],
];

test.each(FILTERS)('filter %s: the API lists exactly what the database holds', async (_name, query, expected) => {
  const want = (await expected().select('id')).map((r: { id: number }) => Number(r.id)).sort((a, b) => a - b);
  expect(want.length).toBeGreaterThan(0);
  expect(want.length).toBeLessThan(ROWS);
  expect(await count(expected())).toBe(want.length);
  const { ids, total } = await listAll(query);
  expect(total).toBe(want.length);
  expect([...ids].sort((a, b) => a - b)).toEqual(want);
});

test('the total is on every answer, without includeTotal; paging forward and back keeps it', async () => {
  const first = await http.get('/api/email-queue?limitPerPage=20');
  expect(first.body.pagination.total).toBe(ROWS);
  expect(first.body.data).toHaveLength(20);
  const second = await http.get(`/api/email-queue?limitPerPage=20&after=${first.body.pageInfo.nextCursor}&page=2`);
  expect(second.body.pagination).toMatchObject({ total: ROWS, page: 2 });
  const back = await http.get(`/api/email-queue?limitPerPage=20&before=${second.body.pageInfo.previousCursor}`);
  expect(back.body.data.map((r: { id: number }) => r.id)).toEqual(first.body.data.map((r: { id: number }) => r.id));
  expect(back.body.pagination.total).toBe(ROWS);
  // A reloaded address with a page number and no cursor.
  const third = await http.get('/api/email-queue?limitPerPage=20&page=3');
  expect(third.body.data[0].id).toEqual((await http.get(`/api/email-queue?limitPerPage=20&after=${second.body.pageInfo.nextCursor}`)).body.data[0].id);
  expect((await http.get('/api/email-queue?includeTotal=false&statusList=reviewed')).body.pagination.total).toBe(
    await count(mine().where({ status: 'reviewed' })),
  );
});

test.each([
  ['scheduledAt_asc', 'scheduled_at', 'asc'],
  ['scheduledAt_desc', 'scheduled_at', 'desc'],
  ['createdOrderAt_desc', 'created_order_at', 'desc'],
  ['fulfilledDate_asc', 'fulfilled_date', 'asc'],
  ['executedAt_desc', 'sent_at', 'desc'],
  ['orderNumber_asc', 'order_number', 'asc'],
  ['createdAt_asc', 'created_at', 'asc'],
])('sort %s pages through every row in order, the rows without a value counted as latest', async (sort, column, dir) => {
  const nulls = dir === 'asc' ? 'nulls last' : 'nulls first';
  const want = (await mine().select('id').orderByRaw(`${column} ${dir} ${nulls}, id ${dir}`)).map((r: { id: number }) => Number(r.id));
  const { ids } = await listAll(`sort=${sort}`, 10);
  expect(ids).toEqual(want);
});

test.each([
  ['1_', { 'orderRangeFilter.toOrder': 'This field is required' }],
  ['_5', { 'orderRangeFilter.fromOrder': 'This field is required' }],
  ['12a_40', { 'orderRangeFilter.fromOrder': 'Must be digits' }],
  ['-1_40', { 'orderRangeFilter.fromOrder': 'Must be digits' }],
  ['0_40', { 'orderRangeFilter.fromOrder': 'Number needs to be greater than or equal to 1' }],
  ['3_0', { 'orderRangeFilter.toOrder': 'Number needs to be greater than or equal to 1' }],
  ['1.5_2', { 'orderRangeFilter.fromOrder': 'Must be digits' }],
  ['1_2_3', { 'orderRangeFilter.toOrder': 'Must be digits' }],
])('order range %s is refused with the spec message', async (range, errors) => {
  const res = await http.get(`/api/email-queue?orderRangeFilter=${encodeURIComponent(range)}`);
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual(errors);
});

test('bad filters are 400s naming the field, never server errors', async () => {
  const bad = async (query: string) => {
    const res = await http.get(`/api/email-queue?${query}`);
    expect(res.status).toBe(400);
    return res.body.errors;
  };
  expect(await bad('fromDate=2026-02-30')).toEqual({ fromDate: 'Invalid date value' });
  expect(await bad('scheduledFromDate=2026-03-02&scheduledToDate=2026-03-01')).toEqual({ scheduledToDate: 'Invalid date value range' });
  expect(await bad('statusList=waiting,nonsense')).toEqual({ statusList: 'The value is invalid' });
  expect(await bad('sort=price_asc')).toEqual({ sort: 'The value is invalid' });
  expect(await bad('page=0')).toEqual({ page: 'The value is invalid' });
  // a number past every stored order number matches nothing rather than failing
  expect((await http.get('/api/email-queue?orderRangeFilter=1_99999999999999999999999')).body.pagination.total).toBe(ROWS);
});

test("each row: the products as parallel lists and lineItems, links on the shop's storefront, and the customer's block", async () => {
  const res = await http.get('/api/email-queue?orderRangeFilter=1000_1000');
  const [row] = res.body.data;
  expect(row).toMatchObject({ name: '#1000', isBlockCustomer: false, pushQueue: null });
  expect(row.htmlContent).toBeUndefined();
  const stored = (await mine().where({ id: row.id }).first()).lineItems;
  expect(row.productIds).toEqual(stored.map((li: { productId: string }) => li.productId));
  expect(row.productTitle).toEqual(stored.map((li: { title: string }) => li.title));
  expect(row.productImage).toEqual(stored.map((li: { productImage: string }) => li.productImage));
  expect(row.productLink).toEqual(stored.map((li: { handle: string }) => `https://store.example/products/${li.handle}`));
  expect(row.lineItems[0]).toEqual({
    productId: row.productIds[0],
    productImage: row.productImage[0],
    productLink: row.productLink[0],
    productTitle: row.productTitle[0],
    title: row.productTitle[0],
    quantity: 1,
  });

  // Blocking through one request blocks the customer on every request of theirs.
  expect((await http.post('/api/unsub-email-queue', { ids: [row.id], status: true })).body.data).toEqual({ blocked: 1 });
  const blocked = await listAll(`searchText=${row.customerEmail}`);
  const listed = (await http.get(`/api/email-queue?limitPerPage=100&searchText=${row.customerEmail}`)).body.data;
  expect(listed.length).toBe(blocked.total);
  expect(listed.every((r: { isBlockCustomer: boolean }) => r.isBlockCustomer)).toBe(true);
  expect((await http.get('/api/email-queue?orderRangeFilter=1001_1001')).body.data[0].isBlockCustomer).toBe(false);

  // Bulk unblock takes customer ids (spec section 7), as numbers or gids.
  const unblocked = await http.post('/api/unsub-email-queue', { ids: [`gid://shopify/Customer/${row.shopifyCustomerId}`], status: false });
  expect(unblocked.body).toMatchObject({ success: true, data: { unblocked: 1 } });
  expect((await http.get('/api/email-queue?orderRangeFilter=1000_1000')).body.data[0].isBlockCustomer).toBe(false);
});

test('bulk unblock by customer id frees customers who unsubscribed through the email (blocked by email alone)', async () => {
  const rows = await mine().whereIn('name', ['#1002', '#1003']).select('id', 'customerEmail', 'shopifyCustomerId');
  await api.knex('blocked_customers').insert(rows.map((r: { customerEmail: string }) => ({ shopId, email: r.customerEmail, reason: 'unsubscribed' })));
  const before = (await http.get('/api/email-queue?orderRangeFilter=1002_1003')).body.data;
  expect(before.map((r: { isBlockCustomer: boolean }) => r.isBlockCustomer)).toEqual([true, true]);
  const res = await http.post('/api/unsub-email-queue', { ids: rows.map((r: { shopifyCustomerId: string }) => r.shopifyCustomerId), status: false });
  expect(res.body).toMatchObject({ success: true, data: { unblocked: 2 } });
  expect(await api.knex('blocked_customers').where({ shopId })).toHaveLength(0);
  const after = (await http.get('/api/email-queue?orderRangeFilter=1002_1003')).body.data;
  expect(after.map((r: { isBlockCustomer: boolean }) => r.isBlockCustomer)).toEqual([false, false]);
});
