// The merchant's progress, saved as the shop's quickstart map with the spec's call
// (PUT /api/shops?type=updateOnboarding): each answered step, and setupDone at the end.
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { apiJson, useShop } from '@plaudit/kernel/admin';
import { advance, type Outcome, type Progress, type Step } from '../shared/steps';

export function useProgress() {
  const { data: shop } = useShop();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const progress = (shop?.quickstart ?? {}) as Progress;

  const update = async (body: Record<string, unknown>) => {
    try {
      await apiJson('/shops?type=updateOnboarding', { method: 'PUT', body: JSON.stringify(body) });
      await queryClient.invalidateQueries({ queryKey: ['plaudit', 'shop'] });
      return true;
    } catch (error) {
      notify((error as Error).message || 'onboarding:failed', { type: 'error' });
      return false;
    }
  };

  return {
    shop,
    progress,
    /**
     * Records the step; returns the next step, null when setup is finished, false when saving
     * failed. `finish: false` leaves setupDone to someone else (billing, after a subscription).
     */
    async record(step: Step, outcome: Outcome, { finish = true } = {}): Promise<Step | null | false> {
      const { patch, next } = advance(progress, step, outcome);
      const finished = next === null && finish;
      const ok = await update(finished ? { quickstart: patch, setupDone: true, isNewShop: false } : { quickstart: patch });
      return ok ? next : false;
    },
    /** Leaving the flow for the dashboard: the shop no longer lands here; progress stays. */
    leave: () => update({ isNewShop: false }),
  };
}
