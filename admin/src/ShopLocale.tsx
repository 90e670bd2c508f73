// The shell side of locale-switch.ts: render once inside the layout. It shows nothing; it switches
// to the shop's language once GET /api/shops answers, and after a failed save of the merchant's
// pick it puts the language menu back and shows 'Fail to change locale'.
import { useEffect } from 'react';
import { useLocaleState, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { ShopRecord } from './plugin';
import { SHOP_QUERY_KEY, useShop } from './shop';
import { localeSwitch, type LocaleSwitch } from './locale-switch';

export function ShopLocale({ control = localeSwitch }: { control?: LocaleSwitch }) {
  const [locale, setLocale] = useLocaleState();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: shop } = useShop();

  useEffect(() => {
    control.connect((language) => {
      queryClient.setQueryData<ShopRecord>(SHOP_QUERY_KEY, (old) => (old ? { ...old, adminLocale: language } : old));
    });
    // react-admin remounts the admin after every changeLocale, so a failure is picked up here.
    const failure = control.takeFailure();
    if (failure) {
      setLocale(failure.previous);
      notify('plaudit.locale.change_failed', { type: 'error' });
    }
  }, [control, queryClient, setLocale, notify]);

  useEffect(() => {
    if (!shop) return;
    const language = control.languageForShop(shop, locale);
    if (language) setLocale(language);
  }, [control, shop, locale, setLocale]);

  return null;
}
