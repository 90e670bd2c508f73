// AliExpress: the product page says whether the product exists; its reviews come from the feedback
// JSON the page itself loads (feedback.aliexpress.com/pc/searchEvaluation.do), page by page. Past its
// last page that endpoint answers an earlier page again, so paging stops at `totalPage`, never at an
// empty page. Shapes: emulator/marketplaces/README.md.
import type { ParsedReview } from '../shared/row';
import {
  countryCode,
  get,
  marketplaceReview,
  matchesFilters,
  MarketplaceError,
  parseMarketplaceDate,
  photoUrls,
  rating,
  type FetchContext,
  type ReviewFilters,
} from './common';

const PAGE_SIZE = 20;
/** a guard against an endpoint that never reports its last page */
const MAX_PAGES = 50;

export function isAliExpressHost(host: string): boolean {
  return /(?:^|\.)aliexpress\.(?:com|us)$/.test(host);
}

/** `/item/1005006438619019.html`, `/item/some-title-1005006438619019.html`, `/i/...html` -> the product id */
export function aliexpressProductId(url: URL): string | undefined {
  return /^\/(?:item|i)\/(?:[^/]*-)?(\d{6,20})\.html$/.exec(url.pathname)?.[1];
}

interface Evaluation {
  evaluationId?: number;
  evaluationIdStr?: string;
  anonymous?: boolean;
  buyerName?: string;
  buyerCountry?: string;
  buyerEval?: number;
  buyerFeedback?: string;
  buyerTranslationFeedback?: string;
  evalDate?: string;
  images?: string[];
}

interface FeedbackPage {
  data?: { totalNum?: number; totalPage?: number; currentPage?: number; evaViewList?: Evaluation[] } | null;
}

function toReview(e: Evaluation): ParsedReview | undefined {
  // evaluationId is above 2^53: JSON.parse rounds it, evaluationIdStr keeps every digit
  const id = e.evaluationIdStr ?? (e.evaluationId !== undefined ? String(e.evaluationId) : undefined);
  const stars = rating(Number(e.buyerEval) / 20); // buyerEval: 0-100, 20 a star
  if (!id || stars === undefined) return undefined;
  return marketplaceReview({
    key: `aliexpress:${id}`,
    rating: stars,
    title: null,
    content: (e.buyerTranslationFeedback || e.buyerFeedback || '').trim(),
    // masked ("E***n") or "AliExpress Shopper": one name, never split
    firstName: e.buyerName?.trim() || 'AliExpress Shopper',
    lastName: null,
    country: countryCode(e.buyerCountry),
    createdAt: parseMarketplaceDate(e.evalDate),
    verified: false,
    incentivized: false,
    photoUrls: photoUrls(e.images ?? []),
    source: 'aliexpress',
  });
}

/** The endpoint filters by one star or by photos (not both): ask for what narrows most, filter the rest here. */
function serverFilter(f: ReviewFilters): string {
  if (f.stars.length === 1) return String(f.stars[0]);
  return f.withPhotos ? 'image' : 'all';
}

export async function fetchAliExpressReviews(pageUrl: URL, productId: string, f: ReviewFilters, ctx: FetchContext): Promise<ParsedReview[]> {
  // the product page on the host the URL names (aliexpress.us, fr.aliexpress.com ...), else the main site
  const host = /^(?:[a-z]{2,3}\.|www\.|m\.)?aliexpress\.(?:com|us)$/.test(pageUrl.hostname) ? pageUrl.hostname : 'www.aliexpress.com';
  const page = await get(`https://${host}/item/${productId}.html`, ctx, 'text/html');
  if (page.status === 404 || page.status === 410) throw new MarketplaceError('wrong-url', `${pageUrl}: ${page.status}`);
  if (page.status >= 400) throw new MarketplaceError('unreachable', `${pageUrl}: ${page.status}`);

  const out: ParsedReview[] = [];
  const seen = new Set<string>();
  let totalPage = 1;
  for (let n = 1; n <= Math.min(totalPage, MAX_PAGES) && out.length < f.maxReviews; n++) {
    const query = new URLSearchParams({
      productId,
      lang: 'en_US',
      country: f.country ?? 'US',
      page: String(n),
      pageSize: String(PAGE_SIZE),
      filter: serverFilter(f),
      sort: 'complex_default',
    });
    const res = await get(`https://feedback.aliexpress.com/pc/searchEvaluation.do?${query}`, ctx, 'application/json, text/plain, */*');
    if (res.status >= 400) throw new MarketplaceError('unreachable', `searchEvaluation.do: ${res.status}`);
    let body: FeedbackPage;
    try {
      body = JSON.parse(res.body) as FeedbackPage;
    } catch {
      // an HTML answer instead of JSON is AliExpress's slider check
      throw new MarketplaceError('bot-check', `searchEvaluation.do answered ${res.contentType}`);
    }
    const data = body.data ?? {};
    totalPage = data.totalPage ?? Math.ceil((data.totalNum ?? 0) / PAGE_SIZE);
    for (const e of data.evaViewList ?? []) {
      const review = toReview(e);
      if (!review || seen.has(review.key) || !matchesFilters(review, f)) continue;
      seen.add(review.key);
      out.push(review);
      if (out.length === f.maxReviews) break;
    }
  }
  return out;
}
