// Only the test helpers' module graph (what every node test file loads), nothing started.
import { startTestApi } from '@plaudit/kernel/testing';
import { record } from './record';

afterAll(() => record('imports'));

test('the helpers load', () => {
  expect(typeof startTestApi).toBe('function');
});
