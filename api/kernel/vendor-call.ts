// What an integration's activity does with a vendor's answer, so retries follow the vendor: a busy
// vendor (429, 5xx) is retried when its Retry-After says (Temporal's nextRetryDelay), a refused key
// (401, 403) is permanent and disconnects the integration, any other 4xx is a permanent refusal of
// that one call. Network failures are thrown as they are: the activity's policy retries them.
import { ApplicationFailure } from '@temporalio/common';
import { INTEGRATION_REVOKED, VENDOR_BUSY, VENDOR_REJECTED } from './integration-failures';

export { INTEGRATION_REVOKED, VENDOR_BUSY, VENDOR_REJECTED };

/** Retry-After in ms (seconds or an HTTP date), undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Throws the failure a non-2xx answer means (its body's first 300 characters in the message). */
export async function assertVendorOk(res: Response, app: string): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')).slice(0, 300);
  const message = `${app} answered ${res.status}: ${text}`;
  if (res.status === 429 || res.status >= 500) {
    const delay = retryAfterMs(res.headers.get('retry-after'));
    throw ApplicationFailure.create({ type: VENDOR_BUSY, message, ...(delay !== undefined ? { nextRetryDelay: delay } : {}) });
  }
  if (res.status === 401 || res.status === 403) throw ApplicationFailure.create({ type: INTEGRATION_REVOKED, message, nonRetryable: true });
  throw ApplicationFailure.create({ type: VENDOR_REJECTED, message, nonRetryable: true });
}

/** A call our own rate limit for the vendor holds back: retried once the window allows. */
export function vendorRateLimited(app: string, waitSeconds: number): ApplicationFailure {
  return ApplicationFailure.create({
    type: VENDOR_BUSY,
    message: `${app}: our rate limit for this key, next call in ${waitSeconds} s`,
    nextRetryDelay: waitSeconds * 1000,
  });
}

/** A vendor's URL as called: unchanged, or behind the integrations emulator (`${base}/hosts/<host>/<path>`). */
export function vendorUrl(url: string, base?: string): string {
  if (!base) return url;
  const u = new URL(url);
  return `${base}/hosts/${u.host}${u.pathname}${u.search}`;
}
