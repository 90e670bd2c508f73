// Edit requests (spec section 4): the merchant asks the reviewer for consent to change a review.
// The request email goes out from a workflow (retries belong to Temporal); the customer answers
// through signed links (/r/edit/<token>), and editing stays blocked until they confirm.
import createHttpError from 'http-errors';
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { editBlock } from '../shared/review';
import { TEMPLATE, templateOn } from '../shared/mail-templates';
import { startReviewMail } from './mail-workflow';
import { ReviewsEditRequest } from '../shared/workflows';
import { Review } from '../db/review.model';

export const editRequestWorkflowId = (shopDomain: string, reviewId: number, requestedAt: number) =>
  `review-edit-request:${shopDomain}:${reviewId}:${requestedAt}`;

/** The 409 a refused edit answers, by reason. */
export function assertEditable(review: Review) {
  const block = editBlock(review);
  if (block === 'imported') throw createHttpError(409, 'Imported reviews cannot be edited', { code: 'IMPORTED_REVIEW' });
  if (block === 'denied') throw createHttpError(409, 'The customer denied the edit request, so this review cannot be edited', { code: 'EDIT_DENIED' });
  if (block === 'not_confirmed')
    throw createHttpError(409, 'This review cannot be edited until the customer confirms the edit request', { code: 'EDIT_NOT_CONFIRMED' });
}

/** Marks the review unconfirmed (voiding the links of any earlier request) and starts the email. */
export async function requestEdit(services: ApiServices, tenant: Tenant, review: Review): Promise<Review> {
  if (!review.email) throw createHttpError(400, 'Email not found, unable to send edit request', { code: 'EMAIL_NOT_FOUND' });
  if (review.imported) throw createHttpError(409, 'Imported reviews cannot be edited', { code: 'IMPORTED_REVIEW' });
  // The request is the email: without it the customer is never asked and the review stays locked.
  const shop = await services.shops.get(tenant.shopId);
  if (!shop || !(await templateOn(services, shop, TEMPLATE.confirmEdit))) {
    throw createHttpError(409, 'The confirm-edit email is switched off, so the edit request cannot be sent', { code: 'EMAIL_TEMPLATE_OFF' });
  }
  const requestedAt = new Date();
  const row = await tenant
    .query(Review)
    .patchAndFetchById(review.id, { editRequest: 'unconfirmed', editRequestedAt: requestedAt, updatedAt: requestedAt } as never);
  const input = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, reviewId: review.id, requestedAt: requestedAt.getTime() };
  await startReviewMail(services, tenant, {
    workflow: ReviewsEditRequest,
    workflowId: editRequestWorkflowId(tenant.shopDomain, review.id, input.requestedAt),
    input,
    summary: `Edit request for review ${review.id} of ${tenant.shopDomain}`,
  });
  return row;
}
