import { applyView, nameErrorKey, sameParams, viewParams } from './saved-views';

test("a view keeps the list's parameters, not its paging or the applied view's id", () => {
  const search = new URLSearchParams('tab=published&after=abc&rating=4,5&view=3&limit=20');
  expect(viewParams(search, ['after', 'before'])).toEqual({ tab: 'published', rating: '4,5', limit: '20' });
});

test('the same parameters in another order are the same view; one more or one different is not', () => {
  expect(sameParams({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
  expect(sameParams({ a: '1' }, { a: '1', b: '2' })).toBe(false);
  expect(sameParams({ a: '1', b: '2' }, { a: '1', b: '3' })).toBe(false);
});

test('applying a view writes its parameters and its id', () => {
  expect(applyView({ id: 7, screen: 'reviews', name: 'Low', params: { tab: 'trash' } }).toString()).toBe('tab=trash&view=7');
});

test("a refused name is worded by the server's code or field message", () => {
  expect(nameErrorKey({ body: { code: 'VIEW_NAME_TAKEN', errors: { name: 'Saved view names must be unique.' } } })).toBe('plaudit.saved_views.name_taken');
  expect(nameErrorKey({ body: { errors: { name: 'This field is required' } } })).toBe('plaudit.validation.required');
  expect(nameErrorKey({ body: { errors: { name: 'The value is invalid' } } })).toBe('plaudit.validation.invalid');
  expect(nameErrorKey(new Error('offline'))).toBe('plaudit.saved_views.failed');
});
