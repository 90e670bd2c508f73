import { useQuery } from '@tanstack/react-query';
import { apiJson } from './api-client';
import type { ShopRecord } from './plugin';

/** The signed-in shop (GET /api/shops), cached for the session. */
export function useShop() {
  return useQuery({ queryKey: ['plaudit', 'shop'], queryFn: () => apiJson<ShopRecord>('/shops'), staleTime: 60_000 });
}
