// The set-up of browser tests against the platform stack (API, store emulator, worker, SMTP sink):
// one stack and one Chromium per test file.
import type { Browser } from 'playwright-core';
import { useBrowser } from './browser';
import { startPlatformStack } from './platform';

export type PlatformStack = Awaited<ReturnType<typeof startPlatformStack>>;

/**
 * Starts the platform stack and a browser before the file's tests and stops both after them.
 * Call at the top level; read `stack` and `browser` inside tests (they are set in beforeAll).
 */
export function usePlatformBrowser(): { readonly stack: PlatformStack; readonly browser: Browser } {
  const env = {} as { stack: PlatformStack; browser: Browser };
  useBrowser(
    () => startPlatformStack(),
    (stack, browser) => {
      env.stack = stack;
      env.browser = browser;
    },
  );
  return env;
}
