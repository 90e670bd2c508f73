import { apiJson } from '@plaudit/kernel/admin';
import type { LoyaltyView } from '../shared/loyalty';
import type { DiscountSettings } from '../shared/settings';

export type DiscountForm = DiscountSettings & { sendBefore: number };
export interface RewardReport {
  issued: number;
  used: number;
  expired: number;
  open: number;
}

export const loadDiscounts = () => apiJson<{ data: DiscountForm }>('/discounts/settings');
export const saveDiscounts = (form: DiscountForm) => apiJson<{ data: DiscountForm }>('/discounts/settings', { method: 'PUT', body: JSON.stringify(form) });
export const loadReport = () => apiJson<{ data: RewardReport }>('/discounts/report');
export const loadLoyalty = () => apiJson<{ data: LoyaltyView | null }>('/discounts/loyalty');
