// The browser project's set-up: the run's test stack (global-setup.ts: started once, also when node
// tests run beside) and one Chromium for the run, which every browser test file connects to
// (tests/support/browser.ts) instead of launching its own: each launch cost about 1.1 s of CPU and
// 4 s on a busy machine, 48 times a run (bench/RESULTS.md, issue 38). Files stay apart through their
// own browser contexts, as before.
import { BROWSER_WS, launchBrowserServer } from '../support/browser';
import globalSetup, { ENV_BEFORE_STACK, type RunStack } from './global-setup';

export default async function browserGlobalSetup() {
  // side by side: Chromium starts while the stack does; a failed start closes the one that started
  const [stack, browser] = await Promise.allSettled([globalSetup(), launchBrowserServer()]);
  if (stack.status === 'rejected') {
    if (browser.status === 'fulfilled') await browser.value.close();
    throw stack.reason;
  }
  if (browser.status === 'rejected') {
    // jest runs no teardown after a failed set-up: the stack is stopped here
    await (globalThis as { __plaudit?: RunStack }).__plaudit?.stop();
    delete (globalThis as { __plaudit?: RunStack }).__plaudit;
    throw browser.reason;
  }
  const server = browser.value;
  process.env[BROWSER_WS] = server.wsEndpoint();
  // the static project's tests see the variables as they were before the stack (static-env.ts)
  const before = JSON.parse(process.env[ENV_BEFORE_STACK] ?? '{}') as Record<string, string | null>;
  process.env[ENV_BEFORE_STACK] = JSON.stringify({ ...before, [BROWSER_WS]: null });
  const run = (globalThis as { __plaudit?: RunStack }).__plaudit!;
  const stopStack = run.stop;
  run.stop = async () => {
    await server.close();
    await stopStack();
  };
}
