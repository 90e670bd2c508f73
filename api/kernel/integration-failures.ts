// How an integration's vendor call fails, named once for the activity that throws (vendor-call.ts)
// and the workflow that decides (via @plaudit/kernel/workflow, workflows/sandbox.ts). Sandbox-safe:
// imports only @temporalio/common.
import { ActivityFailure, ApplicationFailure, type RetryPolicy } from '@temporalio/common';

/** the vendor refused the key for good (401/403): disconnect, tell the merchant once */
export const INTEGRATION_REVOKED = 'IntegrationRevoked';
/** the vendor refused this one call (another 4xx): retrying cannot help */
export const VENDOR_REJECTED = 'VendorRejected';
/** the vendor is busy (429, 5xx) or our own budget for it is spent: retried after its Retry-After */
export const VENDOR_BUSY = 'VendorBusy';

/** The retry policy of an activity that calls a vendor: backing off to once an hour, a day or so in all. */
export const VENDOR_CALL_RETRY: RetryPolicy = {
  initialInterval: '5 seconds',
  backoffCoefficient: 2,
  maximumInterval: '1 hour',
  maximumAttempts: 20,
  nonRetryableErrorTypes: [INTEGRATION_REVOKED, VENDOR_REJECTED],
};

/** The vendor's refusal of the key, when that is why the activity failed (its message is the vendor's answer). */
export function revokedKey(err: unknown): ApplicationFailure | undefined {
  return err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === INTEGRATION_REVOKED ? err.cause : undefined;
}
