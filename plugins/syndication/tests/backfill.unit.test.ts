// The re-sync's pace between pages (workflows/pace.ts): enough for the next page and the reserve,
// at the plan's restore rate, never more than a full bucket.
import { pauseBeforeNextPage } from '../workflows/pace';

const standard = (currentlyAvailable: number) => ({ maximumAvailable: 2000, currentlyAvailable, restoreRate: 100 });

test('no wait while the bucket holds the last page and the reserve', () => {
  expect(pauseBeforeNextPage(500, standard(700))).toBe(0);
  expect(pauseBeforeNextPage(500, standard(2000))).toBe(0);
});

test('the wait refills the missing points at the restore rate', () => {
  // 500 for the page + 200 reserve, 100 there: 600 points at 100/s
  expect(pauseBeforeNextPage(500, standard(100))).toBe(6000);
  // Shopify Plus restores ten times as fast
  expect(pauseBeforeNextPage(500, { maximumAvailable: 20000, currentlyAvailable: 0, restoreRate: 1000 })).toBe(2500);
});

test('never more than a full bucket; nothing without a call or a restore rate', () => {
  expect(pauseBeforeNextPage(5000, standard(0))).toBe(20_000);
  expect(pauseBeforeNextPage(0, standard(0))).toBe(0);
  expect(pauseBeforeNextPage(500, undefined)).toBe(0);
  expect(pauseBeforeNextPage(500, { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 0 })).toBe(0);
});
