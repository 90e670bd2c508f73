// eventually() waits as long as its test or hook may (tests/support/eventually.ts), on the budget the
// test environment notes (tests/setup/node-environment.js): the deadline given is a floor, not a limit.
import { eventually, STEP_ENDS, waitDeadline } from '../support/eventually';

/** a condition that turns true on its nth check: state that arrives later than the wait's own deadline */
function trueOnCheck(n: number) {
  let checks = 0;
  return async () => ++checks >= n && checks;
}

let fromHook = 0;
beforeAll(async () => {
  fromHook = await eventually(trueOnCheck(4), 0, 50);
}, 10_000);

test('a wait in a hook lasts as long as the hook may', () => {
  expect(fromHook).toBe(4);
});

test('a wait outlasts its own deadline while its test has budget left', async () => {
  await expect(eventually(trueOnCheck(5), 0, 100)).resolves.toBe(5);
}, 10_000);

test('a wait that never comes true fails with its message before its test runs out', async () => {
  await expect(eventually(async () => false, 0, 50)).rejects.toThrow(/^condition not met within \d+ ms$/);
}, 2_500);

test('the last error is in the message', async () => {
  const failing = async () => {
    throw new Error('row 7 not found');
  };
  await expect(eventually(failing, 0, 50)).rejects.toThrow(/: row 7 not found$/);
}, 2_500);

test('outside a test or hook (a benchmark) a wait keeps its own deadline', () => {
  const g = globalThis as Record<string, unknown>;
  const step = g[STEP_ENDS];
  expect(step).toEqual({ endsAt: expect.any(Number), budgetMs: expect.any(Number) });
  delete g[STEP_ENDS];
  try {
    const before = performance.now();
    const deadline = waitDeadline(1_000);
    expect(deadline).toBeGreaterThanOrEqual(before + 1_000);
    expect(deadline).toBeLessThanOrEqual(performance.now() + 1_000);
  } finally {
    g[STEP_ENDS] = step;
  }
});
