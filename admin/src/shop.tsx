import { useQuery } from '@tanstack/react-query';
import { apiJson, TOKEN_KEY } from './api-client';
import type { ShopRecord } from './plugin';
import { queryClient } from './query-client';

const KNOWN_SHOP_KEY = 'plaudit.knownShop';

/** A short fingerprint of a string, so the stored record names its owner without a copy of the token. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

/**
 * Who the stored shop belongs to: the standalone token, or the embedded admin's `shop` parameter.
 * Without either (an embedded load that names no shop) nothing is remembered or read back.
 */
function owner(): string | undefined {
  const who = localStorage.getItem(TOKEN_KEY) ?? new URLSearchParams(window.location.search).get('shop');
  return who ? fingerprint(who) : undefined;
}

/** Keeps the shop record this browser last saw, so the next load paints the final menu at once. */
export function rememberShop(shop: ShopRecord): void {
  const who = owner();
  try {
    if (who) localStorage.setItem(KNOWN_SHOP_KEY, JSON.stringify({ owner: who, shop }));
  } catch {
    // storage full or denied: the menu then waits for the request, as on a first visit
  }
}

export function forgetShop(): void {
  localStorage.removeItem(KNOWN_SHOP_KEY);
}

/** The shop record from this credential's last visit, if any (only a first-paint hint: the request still runs). */
export function knownShop(): ShopRecord | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(KNOWN_SHOP_KEY) ?? 'null') as { owner?: string; shop?: ShopRecord } | null;
    return stored?.owner && stored.owner === owner() ? stored.shop : undefined;
  } catch {
    return undefined;
  }
}

async function fetchShop(): Promise<ShopRecord> {
  const shop = await apiJson<ShopRecord>('/shops');
  rememberShop(shop);
  return shop;
}

export const SHOP_QUERY_KEY = ['plaudit', 'shop'];

const shopQuery = { queryKey: SHOP_QUERY_KEY, queryFn: fetchShop, staleTime: 60_000 };

/** The signed-in shop (GET /api/shops), cached for the session. */
export function useShop() {
  return useQuery(shopQuery);
}

/** Starts GET /api/shops before the first render (boot.ts); useShop then finds it in flight or done. */
export function prefetchShop(): void {
  void queryClient.prefetchQuery(shopQuery);
}

/** The shop record for code outside React (the auth provider): one request shared with useShop. */
export const loadShop = (): Promise<ShopRecord> => queryClient.fetchQuery(shopQuery);
