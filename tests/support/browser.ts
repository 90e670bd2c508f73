// Playwright driving Debian's Chromium (never a downloaded browser).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserServer, Download, LaunchOptions, Page } from 'playwright-core';

export const ARTIFACTS = path.resolve(__dirname, '../../test-results');

/**
 * The run's Chromium (tests/setup/browser-global-setup.ts): a test file connects to it instead of
 * launching its own. Each file still gets its own contexts (own cookies, storage and cache); what is
 * shared is the browser process, whose launch cost about 1.1 s of CPU per file (bench/RESULTS.md, issue 38).
 */
export const BROWSER_WS = 'PLAUDIT_BROWSER_WS';

/**
 * Debian's headless shell (package chromium-headless-shell, what Playwright itself runs headless): the
 * test run's browser when installed. The same browser files cost 0.76x the CPU and 0.78x the time of
 * the full browser run headless (bench/browser-binary.ts, bench/RESULTS.md, issue 38). Benchmarks keep
 * the full browser, so their page figures stay comparable with the recorded ones.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The test run's browser only (issue 38, bench/RESULTS.md "The test browser's flags"): the visitor asks
 * for less motion (the admin's spinners, skeletons and transitions then end at once, as they do for a
 * merchant with that setting; not a frame drawn for them while a test waits), and V8 stops at its
 * baseline compiler (pages live seconds: optimising their JavaScript costs more than it saves).
 * PLAIN_TEST_BROWSER=1 leaves them out (`npm run bench:browser-flags` compares).
 */
const TEST_BROWSER_ARGS = ['--force-prefers-reduced-motion', '--js-flags=--max-opt=1'];

/** HEADED=1 shows the browser window (a developer watching a browser test; needs a display). CHROMIUM_PATH picks the binary. */
function launchOptions({ forTests = false } = {}): LaunchOptions {
  const headed = Boolean(process.env.HEADED);
  const shell = forTests && !headed && fs.existsSync(HEADLESS_SHELL);
  return {
    executablePath: process.env.CHROMIUM_PATH ?? (shell ? HEADLESS_SHELL : '/usr/bin/chromium'),
    headless: !headed,
    args: [
      ...(headed ? [] : ['--headless']),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...(shell && !process.env.PLAIN_TEST_BROWSER ? TEST_BROWSER_ARGS : []),
    ],
  };
}

/** The run's browser, or one of its own outside a jest run (a benchmark). Its close() ends this connection only. */
export async function launchBrowser(): Promise<Browser> {
  // loaded here: every node test file imports this module through @plaudit/kernel/testing, and
  // playwright-core is about 7 MB of JavaScript to load per file (bench/test-file-cost.ts)
  const { chromium } = await import('playwright-core');
  const ws = process.env[BROWSER_WS];
  return ws ? chromium.connect(ws) : chromium.launch(launchOptions());
}

/** One Chromium for a test run, reached over its WebSocket (BROWSER_WS); the global set-up's. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  const { chromium } = await import('playwright-core');
  // on loopback only, any free port (the endpoint's path is a random token)
  return chromium.launchServer({ ...launchOptions({ forTests: true }), host: '127.0.0.1', port: 0 });
}

/**
 * A finished download's file on this machine. `download.path()` is refused on a connected browser
 * (the run's shared one): the file is saved as a copy under the system's temporary folder instead.
 */
export async function downloadedFile(download: Download): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-download-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** Fails the test on any console error or uncaught page error, the way a merchant would notice. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Waits until no transition or finite animation runs (a closing menu, a switch): the state to
 * photograph or measure. Endless ones (a spinner) are left out, or this would never return.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Starts the test's stack and a browser before its tests and stops both after them. */
export function useBrowser<T extends { close(): Promise<void> }>(start: () => Promise<T>, set: (stack: T, browser: Browser) => void) {
  let stack: T | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // side by side: Chromium starts while the stack does; whichever started is stopped in afterAll
    const [started, launched] = await Promise.allSettled([start(), launchBrowser()]);
    if (started.status === 'fulfilled') stack = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    set(stack!, browser!);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
}
