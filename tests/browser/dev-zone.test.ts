// The developer zone: only in developer mode; the shop's own mail from the local sink; the store
// emulator's controls; the developer calls of spec section 7.
import nodemailer from 'nodemailer';
import { adminPage } from '../support/admin-session';
import { screenshot } from '../support/browser';
import { eventually } from '../support/api';
import { usePlatformBrowser } from '../support/platform-browser';

const env = usePlatformBrowser();

test('developer mode, own mail only, demo orders and developer calls', async () => {
  const { domain, shop, appToken } = await env.stack.installShop();
  const mailer = nodemailer.createTransport(process.env.SMTP_URL!);
  await mailer.sendMail({
    from: 'reviews@plaudit.local',
    to: 'ann@example.com',
    subject: `For ${domain}`,
    text: 'hello',
    headers: { 'X-Plaudit-Shop': domain },
  });
  await mailer.sendMail({
    from: 'reviews@plaudit.local',
    to: 'bob@example.com',
    subject: 'For another shop',
    text: 'hi',
    headers: { 'X-Plaudit-Shop': 'other.myshopify.com' },
  });

  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/dev_zone`);
  await page.getByText('Page not found').waitFor();

  await page.goto(`${env.stack.appUrl}/dev_zone?developer=1`);
  await page.getByRole('heading', { level: 1, name: 'Developer zone' }).waitFor();
  await page.getByText(`For ${domain}`).waitFor();
  expect(await page.getByText('For another shop').count()).toBe(0);
  await page.getByText(`For ${domain}`).click();
  await page.getByLabel('Raw message').getByText('hello').waitFor();

  await page.getByRole('button', { name: 'Place a demo order' }).click();
  await page.getByText(/Order #\d+ placed/).waitFor();
  await eventually(async () => (await env.stack.api.knex('webhook_deliveries').where({ shopDomain: domain, topic: 'orders/fulfilled' })).length > 0);

  await page.getByLabel('Allow removing the Plaudit branding').click();
  await eventually(async () => (await env.stack.api.knex('shops').where({ id: shop.id }).first()).enableRemoveBranding === true);
  await screenshot(page, 'dev-zone');
  expect(errors).toEqual([]);
});
