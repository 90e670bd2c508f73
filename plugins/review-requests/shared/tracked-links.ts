// Every link of a request email, its reminders and its push reminder goes through the click redirect
// (`/r/click/<token>`, purpose 'review-requests.click', api/click-route.ts): the entry's first click is
// recorded, then the customer lands on the target. Links to the storefront carry UTM parameters naming
// the entry, so an order placed from that landing page can be attributed to the request (the analytics
// plugin reads `utm_source=plaudit` and the entry id in `utm_content` from the order's landing_site).
import type { KernelServices, MailBody } from '@plaudit/kernel';

// sms, whatsapp: the link in a request sent as a text message (issue 32)
export type Medium = 'email' | 'push' | 'sms' | 'whatsapp';
export type Campaign = 'review_request' | 'review_reminder';

export interface Tracking {
  /** the queue entry the link belongs to (the push entry for a push reminder's links) */
  queueEntry: number;
  medium: Medium;
  campaign: Campaign;
}

/** The signed payload: the entry and where the click leads. */
export interface ClickLink {
  queueEntry: number;
  to: string;
  /** one of the email's stars (issue 32): the click starts the review with this rating */
  rating?: number;
}

/** Turns a target into the entry's click link; `rating` marks one of the stars. */
export type Tracker = (url: string, rating?: number) => string;

/** Click links outlive the write links they lead to (which show their own expiry page) by far. */
const CLICK_LINK_DAYS = 400;

/** The storefront's links with our UTM parameters (replacing any the merchant typed); others as they are. */
export function withUtm(url: string, storefrontHosts: string[], t: Tracking): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!storefrontHosts.includes(parsed.host.toLowerCase())) return url;
  const utm = { utm_source: 'plaudit', utm_medium: t.medium, utm_campaign: t.campaign, utm_content: String(t.queueEntry) };
  for (const [name, value] of Object.entries(utm)) parsed.searchParams.set(name, value);
  return parsed.toString();
}

/** A function turning a target into the entry's click link; `shop` names the storefront's hosts. */
export function clickTracker({ links, config }: Pick<KernelServices, 'links' | 'config'>, shop: { domain: string; publicDomain?: string | null }, t: Tracking) {
  const hosts = [shop.domain, shop.publicDomain].filter((h): h is string => !!h).map((h) => h.toLowerCase());
  return (url: string, rating?: number): string => {
    const data: ClickLink = { queueEntry: t.queueEntry, to: withUtm(url, hosts, t), ...(rating ? { rating } : {}) };
    return `${config.appUrl}/r/click/${links.sign('review-requests.click', shop.domain, { ...data }, CLICK_LINK_DAYS * 86_400)}`;
  };
}

const NOT_CLICKS = /\/r\/(unsubscribe|open|postpone)\//;
const HREF = /\bhref=(["'])(https?:\/\/[^"']+)\1/gi;
const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#0*39;|&#x0*27;/gi, "'")
    .replace(/&quot;/g, '"');

/**
 * The body with every web link tracked: the products' and other buttons and the links in the
 * merchant's text. The unsubscribe link and the open pixel are not clicks toward the shop: untouched.
 */
export function trackedBody(body: MailBody, trackAny: Tracker): MailBody {
  const track = (url: string) => (/^https?:\/\//i.test(url) && !NOT_CLICKS.test(url) ? trackAny(url) : url);
  return {
    ...body,
    contentHtml: body.contentHtml.replace(HREF, (link, quote: string, url: string) =>
      NOT_CLICKS.test(url) ? link : `href=${quote}${trackAny(decodeEntities(url))}${quote}`,
    ),
    products: body.products?.map((p) => ({
      ...p,
      button: { ...p.button, url: track(p.button.url) },
      // the stars come 1 to 5 in order: each click link names its rating
      stars: p.stars?.map((s, i) => ({ ...s, url: /^https?:\/\//i.test(s.url) ? trackAny(s.url, i + 1) : s.url })),
    })),
    buttons: body.buttons?.map((b) => ({ ...b, url: track(b.url) })),
  };
}
