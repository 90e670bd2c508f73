// Resend of a failed request whose workflow is gone (issue 37): the demo history's rows never had a
// run, an imported or ended one has none waiting. The row menu's Resend and the bulk Resend start a
// new attempt: the toast says Sent, the rows turn Sent, and no message names a workflow id.
import { adminPage, eventually, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';
import { seedQueue } from './queue-helpers';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test('row menu Resend and bulk Resend of failed rows without a running workflow send them', async () => {
  const { shop, appToken } = await env.stack.installShop();
  const ids = await seedQueue(env.stack, shop.id, [
    { order: 4101, status: 'failed' },
    { order: 4102, status: 'failed' },
    { order: 4103, status: 'failed' },
  ]);
  const statusOf = (order: number) =>
    eventually(
      async () =>
        (
          await env.stack.api
            .knex('email_queue')
            .where({ id: ids.get(order) })
            .first()
        )?.status === 'success',
      40_000,
    );
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/collect-reviews/review-request?statusFilter=failed`);
  await page.getByRole('cell', { name: '#4101', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Actions for #4101' }).click();
  await page.getByRole('menuitem', { name: 'Resend' }).click();
  await page.getByRole('dialog').getByText('Resend this request?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /^Sent$/ })
    .waitFor();
  await statusOf(4101);
  expect(await page.getByText(/workflow|review-request:/i).count()).toBe(0);
  await screenshot(page, 'queue-resend-row');

  // the list reloads on the Failed tab: the two left, both selected, bulk Resend
  await page.getByRole('cell', { name: '#4102', exact: true }).waitFor();
  await page.getByRole('checkbox', { name: 'Select #4102' }).check();
  await page.getByRole('checkbox', { name: 'Select #4103' }).check();
  await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Resend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await Promise.all([statusOf(4102), statusOf(4103)]);
  expect(await page.getByText(/workflow|review-request:/i).count()).toBe(0);
  expect(errors).toEqual([]);
});
