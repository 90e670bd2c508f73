import { render, screen, within } from '@testing-library/react';
import { CoreAdminContext, type I18nProvider } from 'ra-core';
import { MemoryRouter } from 'react-router-dom';
import { ZoneCards } from './components/ZoneCards';
import { composeZone } from './menu';
import type { AdminPlugin, ShopRecord } from './plugin';

// react-admin's UI package does not load under jest (an ESM-only dependency); the zone needs only
// ra-core's translate.
jest.mock('react-admin', () => jest.requireActual('ra-core'));

const shop: ShopRecord = { id: 1, shopifyDomain: 'a.myshopify.com', plan: 'free', installedApps: [], setupDone: true, appStatus: true, extendedMode: true };
const card = (key: string, position: number, visible?: (c: { shop?: ShopRecord }) => boolean) => ({
  key,
  titleKey: `${key}:title`,
  descriptionKey: `${key}:text`,
  to: `/collect-reviews/${key}`,
  position,
  visible,
});
const requests: AdminPlugin = { id: 'review-requests', zones: { 'collect-reviews': [card('queue', 10), card('emails', 30)] } };
const qrCodes: AdminPlugin = {
  id: 'qr-codes',
  zones: { 'collect-reviews': [card('qr', 20, ({ shop }) => shop?.plan !== 'free')], dashboard: [card('qr-stats', 10)] },
};

const strings: Record<string, string> = {
  'queue:title': 'Review requests',
  'queue:text': 'The queue',
  'emails:title': 'Emails',
  'emails:text': 'Templates',
  'qr:title': 'QR codes',
  'qr:text': 'Print them',
};
const i18nProvider: I18nProvider = { translate: (key) => strings[key] ?? key, changeLocale: async () => {}, getLocale: () => 'en' };

function renderZone(plugins: AdminPlugin[], plan: string) {
  const cards = composeZone(plugins, 'collect-reviews', { shop: { ...shop, plan }, embedded: false });
  return render(
    <MemoryRouter>
      <CoreAdminContext i18nProvider={i18nProvider}>
        <ZoneCards zone="collect-reviews" cards={cards} extra={(c) => (c.key === 'queue' ? <span>3 waiting</span> : null)} />
      </CoreAdminContext>
    </MemoryRouter>,
  );
}

test('a zone shows every plugin card in position order, translated, each a link to its page', () => {
  renderZone([requests, qrCodes], 'base');
  const links = screen.getAllByRole('link');
  expect(links.map((l) => within(l).getByRole('heading').textContent)).toEqual(['Review requests', 'QR codes', 'Emails']);
  expect(links.map((l) => l.getAttribute('href'))).toEqual(['/collect-reviews/queue', '/collect-reviews/qr', '/collect-reviews/emails']);
  expect(within(links[1]).getByText('Print them')).toBeTruthy();
  expect(within(links[0]).getByText('3 waiting')).toBeTruthy();
});

test("a card's visibility rule hides it, and removing its plugin removes it", () => {
  renderZone([requests, qrCodes], 'free');
  expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Review requests', 'Emails']);
  expect(composeZone([requests], 'dashboard', { embedded: false })).toEqual([]);
  expect(composeZone([requests, qrCodes], 'dashboard', { embedded: false }).map((c) => c.key)).toEqual(['qr-stats']);
});

test('two cards with one key in a zone are refused', () => {
  expect(() => composeZone([requests, { id: 'copy', zones: { 'collect-reviews': [card('queue', 50)] } }], 'collect-reviews', { embedded: false })).toThrow(
    'Two cards of zone "collect-reviews" have the key "queue"',
  );
});
