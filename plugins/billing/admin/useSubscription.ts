import { useQuery } from '@tanstack/react-query';
import { loadInfo } from './subscription-api';

/** The shop's subscription info (GET /api/subscription), read fresh on every visit. */
export function useSubscription() {
  return useQuery({ queryKey: ['billing', 'subscription'], queryFn: loadInfo, staleTime: 0, retry: 1 });
}
