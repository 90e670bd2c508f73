// The main interactions of issue 36 (deliverable 4), each measured as the longest of its clicks from
// input to next paint; the screen it starts from is loaded first and not measured.
import type { Page } from 'playwright-core';
import { inpOf } from './page-metrics';
import { BULK_PAGE } from './seed';

export type Interaction = { name: string; run: (page: Page, base: string) => Promise<number> };

/** From the dashboard: the Settings menu item, until its page shows its tabs. */
const openMenuItem: Interaction = {
  name: 'open a side-menu item',
  run: (page) =>
    inpOf(page, async () => {
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.waitForURL(/\/settings/);
      await page.getByRole('tab').first().waitFor();
    }),
};

/** The review-request queue: add a Status filter (Sent) from the add-filter menu, until its chip shows. */
const changeQueueFilter: Interaction = {
  name: 'change a queue filter',
  run: async (page, base) => {
    await page.goto(`${base}/collect-reviews/review-request`);
    await page.getByTestId('queue-row').first().waitFor();
    return inpOf(page, async () => {
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menuitem', { name: 'Status', exact: true }).click();
      const editor = page.getByRole('form', { name: 'Status' });
      await editor.getByLabel('Sent').check();
      await editor.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('group', { name: 'Applied filters' }).getByRole('button', { name: 'Status: Sent' }).waitFor();
    });
  },
};

/** The Unpublished tab at 50 a page: select all, Publish, until the list has reloaded. */
const publishFifty: Interaction = {
  name: `select ${BULK_PAGE} reviews and publish`,
  run: async (page, base) => {
    await page.goto(`${base}/reviews/list?tab=unpublished&limit=${BULK_PAGE}`);
    await page
      .getByTestId('review-row')
      .nth(BULK_PAGE - 1)
      .waitFor();
    return inpOf(page, async () => {
      await page.getByRole('checkbox', { name: 'Select all' }).check();
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText(`${BULK_PAGE} selected`).waitFor();
      await bar.getByRole('button', { name: 'Publish', exact: true }).click();
      // the list clears the selection once it has reloaded after the action
      await bar.waitFor({ state: 'detached' });
    });
  },
};

/** The review list: a row's Actions menu, Reply, until the reply form shows. */
const openReply: Interaction = {
  name: "open a review's reply",
  run: async (page, base) => {
    await page.goto(`${base}/reviews/list`);
    const row = page.getByTestId('review-row').first();
    await row.waitFor();
    return inpOf(page, async () => {
      await row.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Reply', exact: true }).click();
      await page.getByRole('textbox', { name: 'Your reply' }).waitFor();
    });
  },
};

/** In this order: the first starts from the dashboard the run has just measured. */
export const INTERACTIONS: Interaction[] = [openMenuItem, changeQueueFilter, publishFifty, openReply];
