import { allows, declaredFeatures, hasFullAccess, isSpecialShop, normalisePlan, registerFeatures, requiredTier, tierOf } from '../../api/plans';

// features as plugins declare them in their plugin.ts (spec section 6's tiers)
registerFeatures('test-base', { reply: 'base', recycleBin: 'base' });
registerFeatures('test-second', { discount: 'second', qrCode: 'second' });
registerFeatures('test-third', { api: 'third', headless: 'third' });

const before = new Date('2025-01-10T00:00:00Z');

test('plans map to tiers; unrecognised plans count as pro_24', () => {
  expect(tierOf('free')).toBe('free');
  expect(['pro', 'pro_2', 'pro_24'].map(tierOf)).toEqual(['base', 'base', 'base']);
  expect(tierOf('advanced')).toBe('second');
  expect(tierOf('enterprise')).toBe('third');
  expect(normalisePlan('gold')).toBe('pro_24');
  expect(tierOf('gold')).toBe('base');
});

test('each feature needs the tier of spec section 6', () => {
  expect(requiredTier('reply')).toBe('base');
  expect(requiredTier('recycleBin')).toBe('base');
  expect(requiredTier('discount')).toBe('second');
  expect(requiredTier('qrCode')).toBe('second');
  expect(requiredTier('headless')).toBe('third');
});

test('features are learnt from plugins: an undeclared one is refused, a feature declared by two plugins stops start-up', () => {
  expect(() => requiredTier('neverDeclared')).toThrow(/not declared by any installed plugin/);
  expect(() => registerFeatures('another', { reply: 'second' })).toThrow(/declared by both plugin "test-base" and plugin "another"/);
  expect(declaredFeatures()).toContainEqual({ feature: 'qrCode', tier: 'second', plugin: 'test-second' });
});

test('a shop may use a feature of its tier or below', () => {
  expect(allows({ plan: 'free', installedAt: before }, 'reply')).toBe(false);
  expect(allows({ plan: 'pro', installedAt: before }, 'reply')).toBe(true);
  expect(allows({ plan: 'pro', installedAt: before }, 'discount')).toBe(false);
  expect(allows({ plan: 'advanced', installedAt: before }, 'discount')).toBe(true);
  expect(allows({ plan: 'advanced', installedAt: before }, 'api')).toBe(false);
  expect(allows({ plan: 'enterprise', installedAt: before }, 'api')).toBe(true);
});

test('installs after 9 May 2025 have full access', () => {
  expect(hasFullAccess({ plan: 'free', installedAt: '2025-05-09T12:00:00Z' })).toBe(false);
  expect(hasFullAccess({ plan: 'free', installedAt: '2025-05-10T00:00:00Z' })).toBe(true);
  expect(allows({ plan: 'free', installedAt: '2025-06-01T00:00:00Z' }, 'headless')).toBe(true);
});

test('partner, staff and trial stores and internal staff emails are special', () => {
  for (const shopifyPlan of ['partner_test', 'affiliate', 'staff', 'trial']) expect(isSpecialShop({ plan: 'free', shopifyPlan })).toBe(true);
  expect(isSpecialShop({ plan: 'free', shopifyPlan: 'basic', email: 'ann@plaudit.dev' }, ['plaudit.dev'])).toBe(true);
  expect(isSpecialShop({ plan: 'free', shopifyPlan: 'basic', email: 'ann@example.com' }, ['plaudit.dev'])).toBe(false);
});
