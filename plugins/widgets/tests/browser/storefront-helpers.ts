// The demo storefront with Plaudit installed, for the widget browser tests: a platform stack (API +
// store emulator) with a worker of its own (the snapshot and rating syncs call the emulated Shopify),
// a shop with reviews, and the syncs run on demand instead of waiting for their schedules.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { client, collectPageErrors, eventually, holdSchedule, type Reply, startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { displayStore } from '../../api/display-store';
import { SNAPSHOT_SCHEDULE_ID } from '../../api/snapshot-schedule';
import { ReviewsRatingSync } from '@plaudit/contracts/reviews';
import { WidgetsSnapshotSync } from '../../shared/workflows';

export type Stack = Awaited<ReturnType<typeof startPlatformStack>> & { taskQueue: string };

export async function startWidgetStack(name: string): Promise<Stack> {
  const taskQueue = `${name}-${process.pid}`;
  const stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  const stopWorker = await startTestWorker(stack.api.config);
  return {
    ...stack,
    taskQueue,
    close: async () => {
      await stopWorker();
      await stack.close();
    },
  };
}

export interface DemoShop {
  domain: string;
  shopId: number;
  http: ReturnType<typeof client>;
  products: { id: string; title: string; handle: string; numericId: string }[];
  /** storefront URL of a path on this shop, e.g. url('/products/x') */
  url(path: string): string;
}

/** A review of the shop found by its exact text, through the reviews plugin's moderation API. */
export async function reviewByContent(shop: DemoShop, content: string) {
  const res = await shop.http.get(`/api/reviews?limit=100&search=${encodeURIComponent(content)}`);
  if (res.status !== 200) throw new Error(`reviews not listed: ${res.status} ${JSON.stringify(res.body)}`);
  const found = (res.body.data as Record<string, any>[]).find((r) => r.content === content);
  if (!found) throw new Error(`no review says "${content}"`);
  return found;
}

export async function demoShop(stack: Stack, display: Record<string, unknown> = {}): Promise<DemoShop> {
  const { domain, shop, appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const { nodes } = await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 3, query: 'status:active' });
  if (Object.keys(display).length) await displayStore(stack.api.runtime.services.settings).display.update(shop.id, display);
  return {
    domain,
    shopId: shop.id,
    http,
    products: nodes.map((p) => ({ id: p.id, title: p.title, handle: p.handle, numericId: p.id.split('/').pop()! })),
    url: (path) => `${stack.emulator.url}/shops/${domain}${path}`,
  };
}

export async function addReview(shop: DemoShop, fields: Record<string, unknown>): Promise<number> {
  const res: Reply = await shop.http.post('/api/reviews', { status: 'published', firstName: 'Ann', lastName: 'Lee', ...fields });
  if (res.status !== 201) throw new Error(`review not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The minute-by-minute syncs, run now: product ratings (reviews plugin) and widget snapshots. */
export async function syncNow(stack: Stack, shop: DemoShop) {
  const { temporal } = stack.api.runtime.services;
  await temporal.execute(ReviewsRatingSync, { workflowId: `rating-sync-${shop.shopId}-${Date.now()}`, taskQueue: stack.taskQueue, args: [] });
  return temporal.execute(WidgetsSnapshotSync, {
    workflowId: `snapshots-${shop.shopId}-${Date.now()}`,
    taskQueue: stack.taskQueue,
    args: [{ shopId: shop.shopId }],
  });
}

/**
 * Runs `fn` with the snapshot schedule paused and none of its runs in flight. There is one schedule
 * per Temporal namespace; it targets the task queue of the first API that created it and syncs every
 * installed shop, so when that queue is this stack's, its worker writes the snapshots of a shop a
 * test means to keep unsynced at the next minute tick, whenever that falls.
 */
export async function withSnapshotSchedulePaused<T>(stack: Stack, fn: () => Promise<T>): Promise<T> {
  const { client } = stack.api.runtime.services.temporal;
  const schedule = client.schedule.getHandle(SNAPSHOT_SCHEDULE_ID);
  const release = await holdSchedule(client, SNAPSHOT_SCHEDULE_ID, 'a browser test keeps a shop unsynced');
  // Only a run on this stack's queue can write this shop's snapshots. A run on the queue of a stack
  // that has since stopped (the schedule keeps the queue of the API that created it) waits for a
  // worker that never comes: it cannot write anything, so it is not waited for.
  const oursRunning = async () => {
    for (const action of (await schedule.describe()).info.runningActions) {
      const run = await client.workflow.getHandle(action.workflow.workflowId, action.workflow.firstExecutionRunId).describe();
      if (run.status.name === 'RUNNING' && run.taskQueue === stack.taskQueue) return true;
    }
    return false;
  };
  try {
    await eventually(async () => !(await oursRunning()), 60_000);
    return await fn();
  } finally {
    await release();
  }
}

export async function openPage(
  browser: Browser,
  url: string,
  opts: { js?: boolean; init?: () => void } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; dialogs: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled: opts.js ?? true, viewport: { width: 1200, height: 900 } });
  if (opts.init) await context.addInitScript(opts.init);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  return { context, page, errors, dialogs };
}

/** Retries `fn` until its value passes the expectation (Jest has no expect.poll). */
export function poll<T>(fn: () => Promise<T>, timeoutMs = 10_000) {
  const run = async (check: (v: T) => void) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await fn();
      try {
        check(value);
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  return {
    toBe: (expected: T) => run((v) => expect(v).toBe(expected)),
    toContain: (expected: string) => run((v) => expect(v).toContain(expected)),
    toBeGreaterThan: (expected: number) => run((v) => expect(v).toBeGreaterThan(expected)),
  };
}
