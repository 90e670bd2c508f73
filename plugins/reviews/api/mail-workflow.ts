// Starting the workflow that mails a review's customer (edit request, review reply): on the app's
// task queue, findable by shop in the Temporal UI, so the API never waits for SMTP. Both go through
// the kernel outbox: a mail asked for while Temporal is down is recorded and started once it is back.
import type { Knex } from 'knex';
import type { ApiServices, StartSpec, Tenant, WorkflowRef } from '@plaudit/kernel';

export interface ReviewMail<I> {
  /** the mail's workflow (shared/workflows.ts): one argument, `input` */
  workflow: WorkflowRef<[I], unknown>;
  workflowId: string;
  input: I;
  summary: string;
}

const startSpec = <I>(tenant: Tenant, mail: ReviewMail<I>): StartSpec<[I]> => ({
  workflowId: mail.workflowId,
  args: [mail.input],
  shopDomain: tenant.shopDomain,
  summary: mail.summary,
});

/** Records the start and hands it to Temporal (3 s at most); Temporal down leaves it to the outbox. */
export async function startReviewMail<I>({ outbox }: Pick<ApiServices, 'outbox'>, tenant: Tenant, mail: ReviewMail<I>): Promise<void> {
  await outbox.start(mail.workflow, startSpec(tenant, mail));
}

/** Records the start inside `trx` (it commits with the caller's write); `outbox.dispatch(id)` after the commit. */
export function enqueueReviewMail<I>(
  { outbox }: Pick<ApiServices, 'outbox'>,
  tenant: Tenant,
  mail: ReviewMail<I>,
  trx: Knex.Transaction,
): Promise<number | undefined> {
  return outbox.enqueue(mail.workflow, startSpec(tenant, mail), trx);
}
