import { apiJson } from '@plaudit/kernel/admin';

export interface OldOrder {
  id: string;
  name: string;
  email: string | null;
  displayFinancialStatus: string;
  currentTotalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  lineItems: { title: string; quantity: number; image: string | null }[];
  customer: string | null;
}

export interface OldOrdersPage {
  count: number;
  orders: OldOrder[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null; hasPreviousPage: boolean; startCursor: string | null };
}

export interface OldOrdersProgress {
  started: number;
  total: number | null;
  done: boolean;
}

/** Spec sections 2 and 9: the last 60 days; a Free shop sends for at most 40 of them. */
export const OLD_ORDER_DAYS = 60;
export const FREE_OLD_ORDER_LIMIT = 40;

export const oldOrdersApi = {
  page: (cursor: { endCursor?: string | null; startCursor?: string | null } = {}) => {
    const q = new URLSearchParams();
    if (cursor.endCursor) q.set('endCursor', cursor.endCursor);
    else if (cursor.startCursor) q.set('startCursor', cursor.startCursor);
    return apiJson<OldOrdersPage>(`/old-orders${q.size ? `?${q}` : ''}`);
  },
  send: () => apiJson<{ success: boolean; message: string; data: { limit: number } }>('/old-orders/send', { method: 'POST' }),
  progress: () => apiJson<{ data: OldOrdersProgress | null }>('/old-orders/progress').then((r) => r.data),
};

export function money(m: { amount: string; currencyCode: string }, locale?: string) {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: m.currencyCode }).format(Number(m.amount));
  } catch {
    return `${m.amount} ${m.currencyCode}`;
  }
}
