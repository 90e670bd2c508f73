// Waiting on state. A test's one clock is its own time budget (jest's testTimeout, `jest.setTimeout`,
// or the test's or hook's own timeout): a wait's shorter deadline only made a busy machine fail sooner,
// while the state it waited on was still on its way (issue 38). So a wait lasts at least its own
// timeout and, inside a test or hook, until just before that step's budget runs out, when it fails
// with what it last saw instead of jest's bare "Exceeded timeout".

/** where the test environment (tests/setup/node-environment.js) notes when the running test or hook's budget ends */
export const STEP_ENDS = '__plauditStepEnds';

/** the part of a step's budget left for its failure's message (explained() lists the shop's workflows) */
const marginMs = (budgetMs: number) => Math.max(2_000, budgetMs / 10);

/** performance.now() at which a wait started now gives up: its own timeout, or its step's budget if later */
export function waitDeadline(timeoutMs: number): number {
  const own = performance.now() + timeoutMs;
  const step = (globalThis as Record<string, unknown>)[STEP_ENDS] as { endsAt: number; budgetMs: number } | undefined;
  return step ? Math.max(own, step.endsAt - marginMs(step.budgetMs)) : own;
}

/**
 * Resolves with fn's first truthy result. Its deadline runs on performance.now(): a test that moves
 * Date.now() (jest.spyOn) neither ends nor stretches the wait.
 */
export async function eventually<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 20_000, intervalMs = 200): Promise<T> {
  const started = performance.now();
  const deadline = waitDeadline(timeoutMs);
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (performance.now() > deadline) {
      const waited = Math.round(performance.now() - started);
      throw new Error(`condition not met within ${waited} ms${last ? `: ${(last as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
