import { DEFAULT_REQUEST_SETTINGS, DELAY_PRESETS, SEND_AFTER_PRESETS, type RequestSettings } from '../../shared/request-settings';
import { CUSTOM, customFrom, presetIndex, toForm } from './delay-presets';

const s = (o: Partial<RequestSettings>): RequestSettings => ({ ...DEFAULT_REQUEST_SETTINGS, ...o });
const label = (i: number) => (i < 0 ? CUSTOM : `${DELAY_PRESETS[i].amount} ${DELAY_PRESETS[i].unit}`);

test('the presets of spec section 9, in order', () => {
  expect(DELAY_PRESETS.map((_, i) => label(i))).toEqual([
    '5 minute',
    '10 minute',
    '15 minute',
    '20 minute',
    '25 minute',
    '30 minute',
    ...Array.from({ length: 12 }, (_, i) => `${i + 1} hour`),
    '1 day',
    '2 day',
    '3 day',
    '4 day',
    '5 day',
    '1 week',
    '3 week',
    '1 month',
  ]);
  expect(SEND_AFTER_PRESETS.slice(0, 2)).toEqual([300, 600]);
});

test('a stored free value equal to a preset shows as it; any other value as custom', () => {
  expect(label(presetIndex({ sendAfterCustom: 2, timeUnit: 'hour' }))).toBe('2 hour');
  expect(label(presetIndex({ sendAfterCustom: 120, timeUnit: 'minute' }))).toBe('2 hour');
  expect(label(presetIndex({ sendAfterCustom: 7, timeUnit: 'day' }))).toBe('1 week');
  expect(label(presetIndex({ sendAfterCustom: 21, timeUnit: 'day' }))).toBe('3 week');
  // a day is not 24 hours across a DST change, and 30 days are not a month
  expect(label(presetIndex({ sendAfterCustom: 24, timeUnit: 'hour' }))).toBe(CUSTOM);
  expect(label(presetIndex({ sendAfterCustom: 30, timeUnit: 'day' }))).toBe(CUSTOM);
  expect(label(presetIndex({ sendAfterCustom: 45, timeUnit: 'minute' }))).toBe(CUSTOM);
  expect(label(presetIndex({ sendAfterCustom: 10, timeUnit: 'day' }))).toBe(CUSTOM);
});

test('a preset stored in seconds loads as its number and unit; the form always saves custom', () => {
  expect(toForm(s({ sendAfter: 1800, sendAfterCustom: 7, timeUnit: 'day' }))).toMatchObject({ sendAfter: CUSTOM, sendAfterCustom: 30, timeUnit: 'minute' });
  expect(toForm(DEFAULT_REQUEST_SETTINGS)).toMatchObject({ sendAfter: CUSTOM, sendAfterCustom: 1, timeUnit: 'week' });
  expect(toForm(s({ sendAfter: 'custom', sendAfterCustom: 45, timeUnit: 'minute' }))).toMatchObject({ sendAfterCustom: 45, timeUnit: 'minute' });
});

test('switching to custom keeps the delay in an offered unit when it can', () => {
  expect(customFrom(s({ sendAfterCustom: 3, timeUnit: 'week' }))).toEqual({ sendAfterCustom: 21, timeUnit: 'day' });
  expect(customFrom(s({ sendAfterCustom: 4, timeUnit: 'hour', sendMethod: 'delivery' }))).toEqual({ sendAfterCustom: 4, timeUnit: 'hour' });
  expect(customFrom(s({ sendAfterCustom: 4, timeUnit: 'hour', sendMethod: 'purchase' }))).toEqual({ sendAfterCustom: 1, timeUnit: 'day' });
});
