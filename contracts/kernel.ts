// The kernel's own contract (see README.md): the events the kernel emits, referenced like any
// plugin's, so event names are written only in contracts/ and listeners import them alike.
import { defineEvent } from './define';

/** 'shop.plan-changed', key = the shop id and the change's cause: the shop's plan changed (billing, the dev zone). */
export interface ShopPlanChangedPayload {
  shopId: number;
  shopDomain: string;
  plan: string;
  previousPlan: string;
}
export const ShopPlanChanged = defineEvent<ShopPlanChangedPayload>('shop.plan-changed');
