// A signed-in admin page for browser tests: the app token goes where the sign-in page puts it.
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors } from './browser';

export async function adminPage(
  browser: Browser,
  appUrl: string,
  token: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((t) => window.localStorage.setItem('plaudit.token', t), token);
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page) };
}
