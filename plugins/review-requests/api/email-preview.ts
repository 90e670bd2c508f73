// "View email" (GET /api/email-queue/{id}): the merchant sees the request as it was sent, but a
// merchant's look must never count as the customer's open, nor a click in it as the customer's
// unsubscribe. The stored HTML keeps its links; the preview drops the open pixel (every image whose
// address is this app's open route, whatever host the app had when it was sent), points the
// unsubscribe and postpone links nowhere and the click redirect's links straight at their targets.
import { esc } from '@plaudit/kernel';

const OPEN_ROUTE = /\/r\/open\/[^"'\s>)]*/i;
const IMG_TAG = /<img\b[^>]*>/gi;
// the customer's own actions (unsubscribe, "Not arrived yet?"): never the merchant's to take
const UNSUBSCRIBE_URL = /(["'])[^"']*\/r\/(?:unsubscribe|postpone)\/[^"']*\1/gi;
// Anything left naming the open route (a CSS background, a srcset): blanked too.
const OPEN_URL_ANYWHERE = /[a-z][a-z0-9+.-]*:\/\/[^"'\s>)]*\/r\/open\/[^"'\s>)]*|\/r\/open\/[^"'\s>)]*/gi;

// A tracked link (`/r/click/<token>`, shared/tracked-links.ts) as an attribute value.
const CLICK_URL = /(["'])[^"']*\/r\/click\/([\w-]+)\.[\w-]+\1/gi;

/** The target a stored click link leads to (our own stored mail: read, not verified), else nowhere. */
function clickTarget(body: string): string {
  try {
    const to = JSON.parse(Buffer.from(body, 'base64url').toString())?.data?.to;
    return typeof to === 'string' && /^https?:\/\//i.test(to) ? to : '#';
  } catch {
    return '#';
  }
}

export function previewHtml(html: string | null): string | null {
  if (html === null) return null;
  return html
    .replace(IMG_TAG, (tag) => (OPEN_ROUTE.test(tag) ? '' : tag))
    .replace(UNSUBSCRIBE_URL, (_m, quote: string) => `${quote}#${quote}`)
    .replace(CLICK_URL, (_m, quote: string, body: string) => `${quote}${esc(clickTarget(body))}${quote}`)
    .replace(OPEN_URL_ANYWHERE, 'about:blank');
}
