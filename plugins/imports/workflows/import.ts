// importReviews: one per import run (`import:<shop>:<id>`, its summary names the file). Counts the
// rows for the banner, then runs the import in one long activity that heartbeats its position and
// stores it after every batch, so a worker restart resumes where it stopped; finally records the
// outcome and removes the uploaded file.
import { ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { ImportInput, ImportOutcome } from './messages';

const { importsCount, importsFinish } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

const { importsRun } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '3 hours',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 8, nonRetryableErrorTypes: ['ImportRefused'] },
});

export async function importReviews(input: ImportInput): Promise<ImportOutcome> {
  try {
    await importsCount(input);
    await importsRun(input);
  } catch (err) {
    // a refused file or a run that kept failing: recorded as failed with its reason, nothing half-done is lost
    const cause = (err as { cause?: ApplicationFailure }).cause;
    return importsFinish(input, cause?.message ?? (err as Error).message);
  }
  return importsFinish(input, null);
}
