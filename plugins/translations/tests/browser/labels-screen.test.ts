// The translations screen in Chromium against the real API: the merchant picks German, types the
// review box's title (the preview follows before saving), is refused an over-long text in their
// language, saves ('saved successfully'), finds it after a reload, resets the language, and imports
// a translator's CSV (a bad row named by its line, then a good file).
import { adminPage, eventually, screenshot, usePlatformBrowser, withPlugins } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

withPlugins('widgets')('labels per language: preview, length check, save, reload, reset', async () => {
  const { appToken } = await env.stack.installShop();
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/translations`);
  // each label by its name in its group, never by its key
  const boxTitle = () => page.getByRole('region', { name: 'Review box' }).getByLabel('Title', { exact: true });
  await boxTitle().waitFor();
  await page.getByRole('region', { name: 'Review form' }).getByLabel('Submit button', { exact: true }).waitFor();

  await page.getByRole('combobox', { name: 'Storefront language' }).click();
  await page.getByRole('option', { name: 'German (de)' }).click();
  const preview = page.getByTestId('labels-preview');
  await preview.getByRole('heading', { name: 'Kundenbewertungen' }).waitFor();
  await preview.getByText('Basierend auf 1.234 Bewertungen').waitFor();

  const title = boxTitle();
  await title.fill('x'.repeat(41));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Must be at most 40 characters').waitFor();
  await page.getByText('failed to save').waitFor();

  await title.fill('Was unsere Kunden sagen');
  await page.getByText('Must be at most 40 characters').waitFor({ state: 'detached' });
  await preview.getByRole('heading', { name: 'Was unsere Kunden sagen' }).waitFor();
  await page.getByLabel('Find a label').fill('box.');
  await eventually(async () => (await page.getByRole('region', { name: 'Review form' }).count()) === 0, 15_000);
  await screenshot(page, 'translations-labels-de');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('saved successfully').waitFor();

  await page.reload();
  await page.getByRole('combobox', { name: 'Storefront language' }).click();
  await page.getByRole('option', { name: 'German (de)' }).click();
  await eventually(async () => (await boxTitle().inputValue()) === 'Was unsere Kunden sagen', 15_000);

  await page.getByRole('button', { name: 'Reset this language to defaults' }).click();
  await eventually(async () => (await boxTitle().inputValue()) === '', 15_000);
  await preview.getByRole('heading', { name: 'Kundenbewertungen' }).waitFor();

  // a translator's file: a bad row is named by its line and nothing is taken; a good file fills the fields
  const file = (csv: string) => ({ name: 'plaudit-labels-de.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('labels-import').setInputFiles(file('key,default,text\nbox.title,x,Stimmen unserer Kunden\nbox.nope,x,y\n'));
  await page.getByText('Line 3 (box.nope): Unknown label').waitFor();
  expect(await boxTitle().inputValue()).toBe('');
  await page.getByTestId('labels-import').setInputFiles(file('key,default,text\nbox.title,x,Stimmen unserer Kunden\n'));
  await eventually(async () => (await boxTitle().inputValue()) === 'Stimmen unserer Kunden', 15_000);
  await preview.getByRole('heading', { name: 'Stimmen unserer Kunden' }).waitFor();
  // allowed: the browser's note of the refused import's 400
  expect(errors.filter((e) => !/status of 400 .*\/import\)$/.test(e))).toEqual([]);
});
