// Which of a product's webhooks wins when Shopify delivers them out of order (db/changes.ts): the
// later updated_at; within one second (REST payloads' precision), the later X-Shopify-Triggered-At;
// after a products/delete, none.
import { type ProductChange, supersedes } from '../db/changes';

const at = (s: string, triggered?: string, deleted = false): ProductChange => ({
  at: new Date(`2026-12-04T10:00:${s}Z`),
  triggeredAt: triggered ? new Date(`2026-12-04T10:00:${triggered}Z`) : null,
  deleted,
});

test('the first change of a product applies', () => {
  expect(supersedes(at('05'), undefined)).toBe(true);
});

test('a later updated_at applies; an earlier one is ignored', () => {
  expect(supersedes(at('06'), at('05'))).toBe(true);
  expect(supersedes(at('04'), at('05'))).toBe(false);
});

test('within one second, the later triggered webhook wins; without its time, the later arrival', () => {
  expect(supersedes(at('05', '05.900'), at('05', '05.100'))).toBe(true);
  expect(supersedes(at('05', '05.100'), at('05', '05.900'))).toBe(false);
  expect(supersedes(at('05', '05.100'), at('05', '05.100'))).toBe(true);
  expect(supersedes(at('05'), at('05', '05.900'))).toBe(true);
});

test('a deletion applies whenever it comes, and nothing applies after it', () => {
  expect(supersedes(at('01', undefined, true), at('05'))).toBe(true);
  expect(supersedes(at('09'), at('05', undefined, true))).toBe(false);
  expect(supersedes(at('09', undefined, true), at('05', undefined, true))).toBe(false);
});
