import { dateRangeError, orderRangeErrors, orderRangeValue } from './validation';

test('order range: required, digits only, at least 1; a backwards range is the same range (spec section 5)', () => {
  expect(orderRangeErrors('', '')).toEqual({ from: 'review-requests:validation.required', to: 'review-requests:validation.required' });
  expect(orderRangeErrors('1a', '-2')).toEqual({ from: 'review-requests:validation.digits', to: 'review-requests:validation.digits' });
  expect(orderRangeErrors('0', '1.5')).toEqual({ from: 'review-requests:validation.min', to: 'review-requests:validation.digits' });
  expect(orderRangeValue('0012', '40')).toBe('12_40');
  expect(orderRangeValue('90', '30')).toBe('30_90');
  expect(orderRangeValue('5', '')).toBeNull();
});

test('date range: valid days, from not after to', () => {
  expect(dateRangeError('', '')).toBeNull();
  expect(dateRangeError('2026-01-02', '')).toBeNull();
  expect(dateRangeError('2026-01-05', '2026-01-02')).toBe('review-requests:validation.date_range');
  expect(dateRangeError('2026-13-45', '')).toBe('review-requests:validation.date');
});
