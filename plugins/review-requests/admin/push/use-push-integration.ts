import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@plaudit/kernel/admin';
import { PUSH_APP, PUSH_OFF, type PushIntegration } from '../../shared/push';

/** The shop's web-push integration (GET /api/integrations/{push-app}), cached for the session. */
export function usePushIntegration(): PushIntegration {
  const { data } = useQuery({
    queryKey: ['review-requests', 'push-integration'],
    queryFn: () => apiJson<PushIntegration>(`/integrations/${PUSH_APP}`),
    staleTime: 60_000,
  });
  return data ?? PUSH_OFF;
}
