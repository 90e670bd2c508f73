// The reviews plugin's merchant-editable emails in the kernel's template registry (declared in
// plugin.ts `emailTemplates`, default texts in locales/<lang>.json `email_templates.*`). Both
// processes use this: the API records a mail only when its template is on, and the activity checks
// again at send time (the merchant may switch it off in between).
import type { KernelServices, ShopView } from '@plaudit/kernel';

export const TEMPLATE = { confirmEdit: 'reviews.confirmEdit', reviewReply: 'reviews.reviewReply' } as const;
export type ReviewTemplate = (typeof TEMPLATE)[keyof typeof TEMPLATE];

/** Whether the shop has the email switched on (the editor's on/off switch; on unless switched off). */
export async function templateOn({ mail }: Pick<KernelServices, 'mail'>, shop: Pick<ShopView, 'id' | 'locale'>, id: ReviewTemplate): Promise<boolean> {
  return (await mail.templates.get(shop.id, id, shop.locale)).enabled;
}
