import { delayFor, fallbackTime, sendTime } from '../shared/send-time';
import { customBounds, DEFAULT_REQUEST_SETTINGS, deleteTimingRow, requestSettings, type RequestSettings } from '../shared/request-settings';
import { addInZone, instantOf, wallClock } from '../shared/zoned-time';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const settings = (o: Partial<RequestSettings>): RequestSettings => ({ ...DEFAULT_REQUEST_SETTINGS, ...o });

test('days keep the local time across a spring-forward change; hours are exact', () => {
  // 2026-03-08: New York moves from EST (UTC-5) to EDT (UTC-4).
  const fulfilled = new Date('2026-03-07T15:00:00Z'); // 10:00 EST
  expect(addInZone(fulfilled, 3, 'day', NY).toISOString()).toBe('2026-03-10T14:00:00.000Z'); // 10:00 EDT
  expect(addInZone(fulfilled, 72, 'hour', NY).toISOString()).toBe('2026-03-10T15:00:00.000Z'); // 11:00 EDT
});

test('days keep the local time across an autumn change in Berlin; weeks and months too', () => {
  // 2026-10-25: Berlin moves from CEST (UTC+2) to CET (UTC+1).
  const ordered = new Date('2026-10-20T07:30:00Z'); // 09:30 CEST
  expect(addInZone(ordered, 7, 'day', BERLIN).toISOString()).toBe('2026-10-27T08:30:00.000Z'); // 09:30 CET
  expect(addInZone(ordered, 1, 'week', BERLIN).toISOString()).toBe('2026-10-27T08:30:00.000Z');
  expect(addInZone(new Date('2026-01-31T10:00:00Z'), 1, 'month', BERLIN).toISOString()).toBe('2026-02-28T10:00:00.000Z');
});

test('a wall time in the spring gap moves forward; an ambiguous one takes its first occurrence', () => {
  expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0, millisecond: 0 }, NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0, millisecond: 0 }, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  expect(wallClock(new Date('2026-11-01T06:30:00Z'), NY)).toMatchObject({ hour: 1, minute: 30 });
});

test('the first country row by priority that lists the shipping country decides', () => {
  const s = settings({
    sendAfter: 'custom',
    sendAfterCustom: 10,
    timeUnit: 'day',
    isCustomTiming: true,
    timingCountries: [
      { priority: 2, sendAfterCustom: 20, timeUnit: 'day', selectedCountries: ['DE', 'FR'] },
      { priority: 1, sendAfterCustom: 5, timeUnit: 'day', selectedCountries: ['DE'] },
    ],
  });
  expect(delayFor(s, 'DE')).toEqual({ amount: 5, unit: 'day' });
  expect(delayFor(s, 'fr')).toEqual({ amount: 20, unit: 'day' });
  expect(delayFor(s, 'JP')).toEqual({ amount: 10, unit: 'day' });
  expect(delayFor({ ...s, isCustomTiming: false }, 'DE')).toEqual({ amount: 10, unit: 'day' });
  expect(sendTime(new Date('2026-03-07T15:00:00Z'), delayFor(s, 'DE'), NY).toISOString()).toBe('2026-03-12T14:00:00.000Z');
});

test('a preset delay is a duration in seconds; the delivery fallback counts from fulfillment', () => {
  expect(delayFor(settings({ sendAfter: 1800 }), 'US')).toEqual({ amount: 30, unit: 'minute' });
  const s = settings({ sendMethod: 'delivery', alternativeSendAfter: 14, alternativeUnit: 'day' });
  expect(fallbackTime(new Date('2026-03-01T15:00:00Z'), s, NY).toISOString()).toBe('2026-03-15T14:00:00.000Z');
});

test('bounds and messages of spec section 5', () => {
  expect(customBounds('minute')).toEqual([5, 525600]);
  expect(customBounds(undefined)).toEqual([5, 525600]);
  expect(customBounds('hour')).toEqual([1, 8760]);
  expect(customBounds('week')).toEqual([1, 52]);
  const bad = requestSettings.safeParse(
    settings({
      sendAfter: 'custom',
      sendAfterCustom: 366,
      timeUnit: 'day',
      sendMethod: 'delivery',
      alternativeSendAfter: 0,
      alternativeUnit: 'hour',
      isCustomTiming: true,
      timingCountries: [
        { priority: 1, sendAfterCustom: 9000, timeUnit: 'hour', selectedCountries: ['DE'] },
        { priority: 2, sendAfterCustom: 400, timeUnit: 'day', selectedCountries: [] },
      ],
    }),
  );
  expect(bad.success).toBe(false);
  const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
  expect(messages).toEqual({
    sendAfterCustom: 'Number needs to be between equal 1 and 365',
    alternativeSendAfter: 'Number needs to be between equal 1 and 8760',
    'timingCountries.0.sendAfterCustom': 'Number needs to be between equal 1 and 8760',
    'timingCountries.1.selectedCountries': 'This field is required',
    'timingCountries.1.sendAfterCustom': 'Number needs to be between equal 1 and 365',
  });
  expect(requestSettings.safeParse(DEFAULT_REQUEST_SETTINGS).success).toBe(true);
});

test('deleting a row renumbers priorities; deleting the last turns custom timing off', () => {
  const rows = [1, 2, 3].map((p) => ({ priority: p, sendAfterCustom: p, timeUnit: 'day' as const, selectedCountries: ['DE'] }));
  const s = settings({ isCustomTiming: true, timingCountries: rows });
  expect(deleteTimingRow(s, 0).timingCountries.map((r) => [r.priority, r.sendAfterCustom])).toEqual([
    [1, 2],
    [2, 3],
  ]);
  expect(deleteTimingRow(settings({ isCustomTiming: true, timingCountries: [rows[0]] }), 0).isCustomTiming).toBe(false);
});

test('rows without a country block saving only while per-country timing is on', () => {
  const rows = [{ priority: 1, sendAfterCustom: 7, timeUnit: 'day' as const, selectedCountries: [] }];
  expect(requestSettings.safeParse(settings({ isCustomTiming: false, timingCountries: rows })).success).toBe(true);
  const on = requestSettings.safeParse(settings({ isCustomTiming: true, timingCountries: rows }));
  expect(on.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['timingCountries.0.selectedCountries', 'This field is required']]);
});
