// The shipped plugins' side-menu entries, composed as the shell does: they follow spec section 2's
// order (MENU_POSITION), and the sister-app entries (customer survey, reward reviews, AI chatbot)
// hide once their app is installed. Plugins are discovered, so a removed plugin just drops out.
import path from 'node:path';
import { composeMenu, MENU_POSITION } from '../../admin/src/menu';
import type { AdminPlugin, ShopRecord } from '../../admin/src/plugin';
import { SISTER_APPS } from '../../admin/src/sister-apps';
import { discoverPlugins } from '../../api/plugins/discover';

// The manifests import @plaudit/kernel/admin: react-admin's UI package does not load under jest (an
// ESM-only dependency) and the plugin list is the admin build's virtual module; neither is needed here.
jest.mock('react-admin', () => jest.requireActual('ra-core'));
jest.mock('virtual:plaudit-plugins', () => ({ plugins: [] }), { virtual: true });

const plugins: AdminPlugin[] = discoverPlugins([path.resolve(__dirname, '../../plugins')])
  .filter((p) => p.sides.admin)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  .map((p) => require(p.sides.admin!).default as AdminPlugin);

const shop: ShopRecord = { id: 1, shopifyDomain: 'a.myshopify.com', plan: 'free', installedApps: [], setupDone: true, appStatus: true, extendedMode: true };
const SPEC_ORDER = Object.keys(MENU_POSITION);
const KEY_TO_SPEC: Record<string, keyof typeof MENU_POSITION> = {
  reviews: 'manageReviews',
  'collect-reviews': 'collectReviews',
  branding: 'branding',
  'display-settings': 'displayReviews',
  'customer-survey': 'customerSurvey',
  'reward-reviews': 'rewardReviews',
  'ai-chatbot': 'aiChatbot',
  analytics: 'analytics',
  settings: 'settings',
  subscription: 'subscription',
  'recommended-apps': 'recommendedApps',
};

test('every shipped entry the spec names sits at its spec position, and the menu follows the spec order', () => {
  const entries = composeMenu(plugins, { shop, embedded: false });
  for (const e of entries) if (KEY_TO_SPEC[e.key]) expect([e.key, e.position]).toEqual([e.key, MENU_POSITION[KEY_TO_SPEC[e.key]]]);
  const specItems = entries.map((e) => KEY_TO_SPEC[e.key]).filter(Boolean);
  expect(specItems).toEqual([...specItems].sort((a, b) => SPEC_ORDER.indexOf(a) - SPEC_ORDER.indexOf(b)));
  expect(entries.find((e) => e.key === 'reward-reviews')).toMatchObject({ to: '/reward-reviews', labelKey: 'reward-reviews:menu' });
});

test('Reward reviews shows until the loyalty sister app is installed, then hides', () => {
  const keys = (installedApps: string[]) => composeMenu(plugins, { shop: { ...shop, installedApps }, embedded: false }).map((e) => e.key);
  expect(keys([])).toEqual(expect.arrayContaining(['reward-reviews', 'ai-chatbot', 'customer-survey']));
  const withLoyalty = keys([SISTER_APPS.rewards]);
  expect(withLoyalty).not.toContain('reward-reviews');
  expect(withLoyalty).toEqual(expect.arrayContaining(['ai-chatbot', 'customer-survey']));
  // before the shop record has loaded nothing conditional shows
  expect(composeMenu(plugins, { embedded: false }).map((e) => e.key)).not.toContain('reward-reviews');
});
