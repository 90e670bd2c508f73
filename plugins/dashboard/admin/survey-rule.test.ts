import { shouldShowSurvey } from './survey-rule';

const now = Date.parse('2026-11-21T12:00:00Z');
const fresh = { closedAt: null, closeCount: 0, isSubmitted: false };
const show = (o: Partial<Parameters<typeof shouldShowSurvey>[0]>) => shouldShowSurvey({ onHome: true, setupDone: true, survey: fresh, now, ...o });

test('shows on the home route once setup is done', () => {
  expect(show({})).toBe(true);
  expect(show({ onHome: false })).toBe(false);
  expect(show({ setupDone: false })).toBe(false);
});

test('never again once submitted or closed three times', () => {
  expect(show({ survey: { ...fresh, isSubmitted: true } })).toBe(false);
  expect(show({ survey: { closedAt: '2026-01-01T00:00:00Z', closeCount: 2, isSubmitted: false } })).toBe(true);
  expect(show({ survey: { closedAt: '2026-01-01T00:00:00Z', closeCount: 3, isSubmitted: false } })).toBe(false);
});

test('not within a day of being closed, again after it', () => {
  const closed = (hoursAgo: number) => ({ closedAt: new Date(now - hoursAgo * 3600 * 1000).toISOString(), closeCount: 1, isSubmitted: false });
  expect(show({ survey: closed(1) })).toBe(false);
  expect(show({ survey: closed(23.9) })).toBe(false);
  expect(show({ survey: closed(24.1) })).toBe(true);
});
