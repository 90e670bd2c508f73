// The request queue's saved views (issue 37 item 12): a status tab, a search and a page size saved
// under a name beside the tabs, in the URL with spec section 2's own parameters; applied again from
// the menu after the list has moved on; a name unique per shop and screen.
import { adminPage, client, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';
import { listCallAfter, seedQueue } from './queue-helpers';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test('a saved view of the queue comes back from the menu with its tab, search and page size', async () => {
  const { shop, appToken } = await env.stack.installShop();
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  const http = client(env.stack.appUrl, appToken);
  await seedQueue(env.stack, shop.id, [
    { order: 2001, status: 'failed', customerName: 'Ada Failed' },
    { order: 2002, status: 'failed', customerName: 'Bob Failed' },
    { order: 2003, status: 'waiting', customerName: 'Cy Waiting' },
  ]);
  // the same name on the reviews screen is another screen's view
  expect((await http.post('/api/saved-views', { screen: 'reviews', name: 'Failed Ada', params: {} })).status).toBe(201);

  await page.goto(`${env.stack.appUrl}/collect-reviews/review-request?statusFilter=failed&searchText=Ada&limit=20`);
  await page.getByRole('cell', { name: '#2001', exact: true }).waitFor();
  const views = page.getByRole('button', { name: /Saved views|Failed Ada/ });
  await views.click();
  await page.getByRole('menuitem', { name: 'Save as a new view…' }).click();
  await page.getByRole('dialog').getByLabel('View name').fill('Failed Ada');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await views.filter({ hasText: 'Failed Ada' }).waitFor();
  const [saved] = (await http.get('/api/saved-views?screen=review-requests')).body.items;
  expect(saved.params).toEqual({ statusFilter: 'failed', searchText: 'Ada', limit: '20' });

  // the list moves on (All tab, no search); the view brings back its tab, search and page size
  await page.goto(`${env.stack.appUrl}/collect-reviews/review-request`);
  await page.getByRole('cell', { name: '#2003', exact: true }).waitFor();
  const q = await listCallAfter(
    page,
    async () => {
      await views.click();
      await page.getByRole('menuitem', { name: 'Failed Ada' }).click();
    },
    (p) => p.get('searchText') === 'Ada',
  );
  expect({ status: q.get('statusFilter'), limit: q.get('limitPerPage') }).toEqual({ status: 'failed', limit: '20' });
  await page.getByRole('cell', { name: '#2003', exact: true }).waitFor({ state: 'detached' });
  expect(await page.getByTestId('queue-row').count()).toBe(1);
  expect(await page.getByRole('tab', { name: 'Failed' }).getAttribute('aria-selected')).toBe('true');
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ statusFilter: 'failed', searchText: 'Ada', limit: '20', view: String(saved.id) });
  await screenshot(page, 'queue-saved-view-1280');
  expect(errors).toEqual([]);
});
