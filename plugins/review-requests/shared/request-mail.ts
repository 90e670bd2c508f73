// What a request email adds around the merchant's template (issue 32), in the customer's language:
// the "Not arrived yet?" line (postpone link) under the message, and for a customer who already
// clicked a star the reminder that asks to finish the review rather than to start one. Applied to
// the mail sent and to the template editor's preview alike.
import type { MailBody } from '@plaudit/kernel';
import { esc } from '@plaudit/kernel';

type T = (key: string, options?: Record<string, unknown>) => string;

export interface RequestExtras {
  /** the signed "Not arrived yet?" link; none once the request was postponed */
  postponeUrl?: string;
  /** a reminder after a star click: "finish your review" */
  finishing?: boolean;
}

export function withRequestExtras(body: MailBody, t: T, extras: RequestExtras): MailBody {
  let contentHtml = body.contentHtml;
  let products = body.products;
  if (extras.finishing) {
    contentHtml = `<p style="font-size:15px;line-height:1.5;font-weight:600">${esc(t('review-requests:mail.finish_note'))}</p>\n${contentHtml}`;
    products = products?.map((p) => ({ ...p, stars: undefined, button: { ...p.button, labelHtml: esc(t('review-requests:mail.finish_button')) } }));
  }
  if (extras.postponeUrl) {
    contentHtml += `\n<p style="font-size:13px;line-height:1.5;color:#6d7175;margin-top:12px">${esc(t('review-requests:mail.postpone_question'))} <a href="${esc(extras.postponeUrl)}" style="color:#6d7175">${esc(t('review-requests:mail.postpone_link'))}</a></p>`;
  }
  return { ...body, contentHtml, products };
}
