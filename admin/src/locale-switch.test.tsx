import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { CoreAdminContext, memoryStore, useLocaleState, useNotificationContext, useTranslate, type I18nProvider } from 'ra-core';
import { getI18nProvider } from 'ra-i18n-i18next';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { createLocaleSwitch, LOCALE_KEY } from './locale-switch';
import { ShopLocale } from './ShopLocale';

// react-admin's UI package does not load under jest (an ESM-only dependency); its hooks are
// ra-core's, so ShopLocale gets those, and two stand-ins do what LocalesMenuButton (write the
// store's 'locale') and <Notification> (show the translated message) do.
jest.mock('react-admin', () => jest.requireActual('ra-core'));

function LanguageMenu() {
  const [locale, setLocale] = useLocaleState();
  return (
    <div>
      <span data-testid="menu">{locale}</span>
      {['en', 'de'].map((l) => (
        <button key={l} onClick={() => setLocale(l)}>
          {l}
        </button>
      ))}
    </div>
  );
}

function Toasts() {
  const translate = useTranslate();
  return (
    <>
      {useNotificationContext().notifications.map((n, i) => (
        <div key={i} role="alert">
          {translate(n.message as string)}
        </div>
      ))}
    </>
  );
}

function fakeProvider(start = 'en') {
  let locale = start;
  const changes: string[] = [];
  const provider: I18nProvider = {
    translate: (key) => key,
    getLocale: () => locale,
    changeLocale: async (l) => {
      changes.push(l);
      locale = l;
    },
  };
  return { provider, changes };
}

describe('the locale switch', () => {
  test('saves a merchant pick before switching, but not the restore at start-up', async () => {
    const save = jest.fn(async () => ({}));
    const saved: string[] = [];
    const control = createLocaleSwitch(save);
    const { provider, changes } = fakeProvider();
    const wrapped = control.wrap(provider);
    await wrapped.changeLocale('fr');
    expect(save).not.toHaveBeenCalled();
    control.connect((l) => saved.push(l));
    await wrapped.changeLocale('de');
    expect(save).toHaveBeenCalledWith('de');
    expect([changes, saved, localStorage.getItem(LOCALE_KEY)]).toEqual([['fr', 'de'], ['de'], 'de']);
    expect(control.languageForShop({ adminLocale: 'ja' }, 'de')).toBeNull(); // the merchant chose
  });

  test('a failed save keeps the language and leaves one failure to report', async () => {
    const control = createLocaleSwitch(async () => Promise.reject(new Error('offline')));
    const { provider, changes } = fakeProvider('fr');
    control.connect();
    await control.wrap(provider).changeLocale('de');
    expect([provider.getLocale(), changes]).toEqual(['fr', []]);
    expect(control.takeFailure()).toMatchObject({ previous: 'fr' });
    expect(control.takeFailure()).toBeNull();
  });

  test('the shop decides (admin locale, else primary locale, else English) without a save', async () => {
    const save = jest.fn(async () => ({}));
    const control = createLocaleSwitch(save);
    control.connect();
    const { provider } = fakeProvider();
    expect(control.languageForShop({ adminLocale: 'ko', primaryLocale: 'fr' }, 'en')).toBe('ko');
    await control.wrap(provider).changeLocale('ko');
    expect(save).not.toHaveBeenCalled();
    expect(control.languageForShop({ adminLocale: null, primaryLocale: 'pt' }, 'ko')).toBe('pt-BR');
    expect(control.languageForShop({ adminLocale: 'sv', primaryLocale: 'sv-SE' }, 'ko')).toBe('en');
    expect(control.languageForShop({ adminLocale: 'ko' }, 'ko')).toBeNull();
  });
});

describe('inside react-admin (ra-core), with the language menu writing the store', () => {
  const shop = (adminLocale: string | null) => ({
    id: 1,
    shopifyDomain: 'a.myshopify.com',
    plan: 'free',
    installedApps: [],
    setupDone: true,
    appStatus: true,
    extendedMode: true,
    adminLocale,
    primaryLocale: null,
  });
  const Label = () => <p data-testid="label">{useTranslate()('plaudit.menu.dashboard')}</p>;

  async function renderAdmin(adminLocale: string | null, save: (l: string) => Promise<unknown>) {
    const instance = i18next.createInstance();
    const inner = await getI18nProvider(
      instance,
      { lng: 'en', resources: { en: { translation: en }, fr: { translation: fr }, de: { translation: de } }, interpolation: { escapeValue: false } },
      [
        { locale: 'en', name: 'English' },
        { locale: 'de', name: 'Deutsch' },
      ],
    );
    const control = createLocaleSwitch(save);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['plaudit', 'shop'], shop(adminLocale));
    render(
      <CoreAdminContext i18nProvider={control.wrap(inner)} store={memoryStore()} queryClient={queryClient}>
        <ShopLocale control={control} />
        <LanguageMenu />
        <Label />
        <Toasts />
      </CoreAdminContext>,
    );
    return queryClient;
  }

  const pick = (locale: string) => act(async () => fireEvent.click(screen.getByRole('button', { name: locale })));

  test("switches to the shop's language once known, without saving", async () => {
    const save = jest.fn(async () => ({}));
    await renderAdmin('fr', save);
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('Tableau de bord'));
    expect(save).not.toHaveBeenCalled();
  });

  test('a pick is saved, then shown', async () => {
    const save = jest.fn(async () => ({}));
    const queryClient = await renderAdmin(null, save);
    await pick('de');
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('Übersicht'));
    expect(save).toHaveBeenCalledWith('de');
    expect(queryClient.getQueryData<{ adminLocale: string }>(['plaudit', 'shop'])?.adminLocale).toBe('de');
  });

  test("a pick that cannot be saved says 'Fail to change locale' and stays on the language", async () => {
    await renderAdmin(null, async () => Promise.reject(new Error('500')));
    await pick('de');
    expect((await screen.findByRole('alert')).textContent).toBe('Fail to change locale');
    expect(screen.getByTestId('label').textContent).toBe('Dashboard');
    expect(screen.getByTestId('menu').textContent).toBe('en');
  });
});
