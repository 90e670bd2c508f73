// Starting the workflow that mails a review's customer (edit request, review reply): on the app's
// task queue, findable by shop in the Temporal UI, so the API never waits for SMTP.
import { TypedSearchAttributes } from '@temporalio/common';
import type { Tenant } from '../../../api/auth/tenant';
import type { ApiServices } from '../../../api/plugins/types';
import { ShopDomain } from '../../../workflows/search-attributes';

export interface ReviewMail<I> {
  workflow: string;
  workflowId: string;
  input: I;
  summary: string;
}

export async function startReviewMail<I>({ temporal, config }: Pick<ApiServices, 'temporal' | 'config'>, tenant: Tenant, mail: ReviewMail<I>): Promise<void> {
  await temporal.client.workflow.start(mail.workflow, {
    workflowId: mail.workflowId,
    taskQueue: config.temporal.taskQueue,
    args: [mail.input],
    typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomain, value: tenant.shopDomain }]),
    staticSummary: mail.summary,
  });
}
