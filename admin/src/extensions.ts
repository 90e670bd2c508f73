// What plugins contributed, for pages that host other plugins' pieces (settings tabs, hub zones).
import { createElement, type ReactNode } from 'react';
import { plugins } from 'virtual:plaudit-plugins';
import { ZoneCards } from './components/ZoneCards';
import { composeSettingsTabs, composeZone } from './menu';
import type { SettingsTab, ZoneCard } from './plugin';
import { isEmbedded } from './prefix';
import { useShop } from './shop';

export function useSettingsTabs(): SettingsTab[] {
  return composeSettingsTabs(plugins);
}

/** The visible cards every plugin adds to a zone, for this shop. */
export function useZone(name: string): ZoneCard[] {
  const { data: shop } = useShop();
  return composeZone(plugins, name, { shop, embedded: isEmbedded() });
}

/** `<Zone name="collect-reviews" />`: the cards of a hub zone, from every installed plugin. */
export function Zone({ name, extra }: { name: string; extra?: (card: ZoneCard) => ReactNode }) {
  return createElement(ZoneCards, { zone: name, cards: useZone(name), extra });
}
