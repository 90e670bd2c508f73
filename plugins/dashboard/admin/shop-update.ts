import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

/** PUT /api/shops[?type=...]; refreshes the cached shop; toasts the server's message or the default. */
export function useShopUpdate() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (body: Record<string, unknown>, type?: string, quiet = false) => {
    try {
      const res = await apiJson<{ success: boolean; message: string }>(`/shops${type ? `?type=${type}` : ''}`, { method: 'PUT', body: JSON.stringify(body) });
      await queryClient.invalidateQueries({ queryKey: ['plaudit', 'shop'] });
      if (!quiet) notify(res.message, { type: 'success' });
      return true;
    } catch (error) {
      notify((error as Error).message || 'plaudit.save_failed', { type: 'error' });
      return false;
    }
  };
}
