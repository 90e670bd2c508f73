// What a running workflow shows as its current details in the Temporal UI, read through the SDK's
// built-in metadata query (the SDK names it but exports no definition for clients).
import { defineQuery } from '@temporalio/workflow';
import type { WorkflowHandle } from '@temporalio/client';

const workflowMetadata = defineQuery<{ currentDetails?: string }>('__temporal_workflow_metadata');

export async function currentDetails(handle: WorkflowHandle): Promise<string | undefined> {
  return (await handle.query(workflowMetadata)).currentDetails;
}
