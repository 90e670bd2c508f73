// The settings dialog in Chromium: the merchant picks the hourly digest for new questions and
// community answers, saves, and the API has it; the choice is off while the mail is switched off.
import { adminPage, client, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);
const env = usePlatformBrowser();

test('the merchant chooses the hourly digest in the settings dialog', async () => {
  const { appToken } = await env.stack.installShop();
  const http = client(env.stack.appUrl, appToken);
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/questions`);
  await page.getByRole('button', { name: 'Settings' }).click();
  const every = page.getByRole('combobox', { name: 'When to email' });
  await every.waitFor();
  expect(await every.textContent()).toBe('At once, one email each');

  await every.click();
  await page.getByRole('option', { name: 'An hourly digest' }).click();
  expect(await every.textContent()).toBe('An hourly digest');
  // the menu's closing fade, so the screenshot shows the dialog
  await page.locator('#menu-').waitFor({ state: 'detached' });
  await screenshot(page, 'questions-settings-1280');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved successfully').waitFor();
  expect((await http.get('/api/questions/settings')).body.data).toMatchObject({ notifyEvery: 'hourly', notifyMerchant: true });

  // reopened, it shows the saved choice; without the mail there is nothing to choose
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'When to email' }).filter({ hasText: 'An hourly digest' }).waitFor();
  await page.getByLabel('Email me about new questions and customers’ answers').uncheck();
  expect(await page.getByRole('combobox', { name: 'When to email' }).getAttribute('aria-disabled')).toBe('true');
  expect(errors).toEqual([]);
});
