import { composeMenu, composeMenuRows, composeRoutes, composeSettingsTabs, isMenuBlocked, MENU_POSITION } from './menu';
import { pickLanguage } from './languages';
import { basenameFor } from './prefix';
import type { AdminPlugin } from './plugin';

const Page = () => null;
const shop = { id: 1, shopifyDomain: 'a.myshopify.com', plan: 'free', installedApps: ['loyalty'], setupDone: true, appStatus: true, extendedMode: true };

const reviews: AdminPlugin = {
  id: 'reviews',
  menu: [{ key: 'reviews', labelKey: 'reviews:menu', to: '/reviews/list', position: 20 }],
  routes: [{ path: '/reviews/list', component: Page }],
  settingsTabs: [{ key: 'general', labelKey: 'reviews:tab', position: 10, component: Page }],
};
const rewards: AdminPlugin = {
  id: 'rewards',
  menu: [{ key: 'rewards', labelKey: 'rewards:menu', to: '/reward-reviews', position: 70, visible: ({ shop }) => !shop?.installedApps.includes('loyalty') }],
};
const collect: AdminPlugin = {
  id: 'collect',
  menu: [{ key: 'collect', labelKey: 'collect:menu', to: '/collect-reviews', position: 30 }],
  settingsTabs: [{ key: 'email', labelKey: 'collect:tab', position: 30, component: Page }],
};

test('the menu is every plugin entry in position order, with visibility rules applied', () => {
  expect(composeMenu([collect, rewards, reviews], { shop: { ...shop, installedApps: [] }, embedded: false }).map((e) => e.key)).toEqual([
    'reviews',
    'collect',
    'rewards',
  ]);
  expect(composeMenu([collect, rewards, reviews], { shop, embedded: false }).map((e) => e.key)).toEqual(['reviews', 'collect']);
});

test('before the shop is known, an entry whose rule needs it keeps its place as a pending row', () => {
  const survey: AdminPlugin = {
    id: 'survey',
    menu: [{ key: 'survey', labelKey: 'survey:menu', to: '/survey', position: 60, visible: ({ shop }) => !!shop && !shop.surveyExcluded }],
  };
  const rows = composeMenuRows([collect, survey, rewards, reviews], { embedded: false });
  expect(rows.map((e) => `${e.key}${e.pending ? ' (pending)' : ''}`)).toEqual(['reviews', 'collect', 'survey (pending)', 'rewards']);
  expect(composeMenuRows([collect, survey, rewards, reviews], { shop, embedded: false }).map((e) => e.key)).toEqual(['reviews', 'collect', 'survey']);
});

test('a plugin slots its entry in at its spec position, shown by its own rule (a plan-limit check)', () => {
  const settings: AdminPlugin = { id: 'settings', menu: [{ key: 'settings', labelKey: 'settings:menu', to: '/settings', position: MENU_POSITION.settings }] };
  const partners: AdminPlugin = {
    id: 'partners',
    menu: [{ key: 'partners', labelKey: 'partners:menu', to: '/partners', position: MENU_POSITION.recommendedApps }],
  };
  const overLimit = (s?: { plan: string }) => s?.plan === 'enterprise';
  // declared in any plugin order; the contributed entries land between the shell's
  const billing: AdminPlugin = {
    id: 'billing',
    menu: [
      { key: 'subscription', labelKey: 'billing:menu', to: '/subscription', position: MENU_POSITION.subscription, visible: ({ shop }) => !overLimit(shop) },
    ],
  };
  const analytics: AdminPlugin = {
    id: 'analytics',
    menu: [{ key: 'analytics', labelKey: 'analytics:menu', to: '/analytics', position: MENU_POSITION.analytics }],
  };
  const all = [billing, partners, settings, analytics, rewards, reviews];
  expect(composeMenu(all, { shop: { ...shop, installedApps: [] }, embedded: false }).map((e) => e.key)).toEqual([
    'reviews',
    'rewards',
    'analytics',
    'settings',
    'subscription',
    'partners',
  ]);
  expect(composeMenu(all, { shop: { ...shop, plan: 'enterprise' }, embedded: false }).map((e) => e.key)).toEqual([
    'reviews',
    'analytics',
    'settings',
    'partners',
  ]);
  expect(Object.values(MENU_POSITION)).toEqual([...Object.values(MENU_POSITION)].sort((a, b) => a - b));
});

test('removing a plugin removes its entries, routes and tabs', () => {
  expect(composeMenu([collect], { shop, embedded: false }).map((e) => e.key)).toEqual(['collect']);
  expect(composeRoutes([collect])).toEqual([]);
  expect(composeSettingsTabs([collect, reviews]).map((t) => t.key)).toEqual(['general', 'email']);
});

test('two plugins may not claim the same menu key', () => {
  expect(() => composeMenu([reviews, { ...reviews, id: 'copy' }], { embedded: false })).toThrow(/reviews/);
});

test('language: admin locale, else primary locale if supported, else English', () => {
  expect(pickLanguage('ja', 'de')).toBe('ja');
  expect(pickLanguage('sv', 'de-CH')).toBe('de');
  expect(pickLanguage(null, 'zh-TW')).toBe('zh-CN');
  expect(pickLanguage('pt-PT', null)).toBe('pt-BR');
  expect(pickLanguage('sv', 'fi')).toBe('en');
});

test('the /embed prefix is recognised only as a whole path segment', () => {
  expect(basenameFor('/embed')).toBe('/embed');
  expect(basenameFor('/embed/reviews/list')).toBe('/embed');
  expect(basenameFor('/embedded-thing')).toBe('');
  expect(basenameFor('/')).toBe('');
});

test('competitor email domains see no embedded menu on development stores unless allowed', () => {
  const competitor = { ...shop, email: 'staff@judge.me', isDevelopmentStore: true };
  expect(composeMenu([collect], { shop: competitor, embedded: true })).toEqual([]);
  expect(isMenuBlocked({ shop: competitor, embedded: false })).toBe(false);
  expect(isMenuBlocked({ shop: { ...competitor, isDevelopmentStore: false }, embedded: true })).toBe(false);
  expect(isMenuBlocked({ shop: { ...competitor, menuAllowed: true }, embedded: true })).toBe(false);
  expect(isMenuBlocked({ shop: { ...competitor, email: 'owner@example.com' }, embedded: true })).toBe(false);
});
