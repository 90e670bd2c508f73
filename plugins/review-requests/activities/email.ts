// The review-request email: the shop's review-reminder template (Liquid) rendered to responsive,
// table-based HTML. Without a template of its own a shop sends the defaults of shared/templates.ts.
import { DEFAULT_TEMPLATES, type EmailTemplate } from '../shared/templates';
import { renderEmail, type ProductModel } from './templates-render';

export const DEFAULT_SUBJECT = DEFAULT_TEMPLATES.reviewReminder.subject;

export interface EmailModel {
  customer_first_name: string | null;
  customer_name?: string | null;
  order_name: string;
  shop_name: string;
  shop_url?: string;
  products: ProductModel[];
  unsubscribe_url: string;
  open_url: string;
}

export async function renderRequestEmail(model: EmailModel, reminder: number, template: EmailTemplate = DEFAULT_TEMPLATES.reviewReminder) {
  return renderEmail('reviewReminder', template, { ...model, review_url: model.products[0]?.review_url }, { reminder });
}
