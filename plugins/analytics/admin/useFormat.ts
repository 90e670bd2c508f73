// The formatting helpers bound to the admin's current language (react-admin's locale state).
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatters, type Formatters } from './formatters';

export type { Formatters };

export function useFormat(currency = 'USD'): Formatters {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return useMemo(() => formatters(locale, currency, translate), [locale, currency, translate]);
}
